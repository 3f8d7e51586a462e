/// Something that can drop what it can rebuild (a cache) when memory is short. Registered with
/// ``LifecycleRuntime/registerPurgeable(_:)``, held weakly; lives on the main actor.
@MainActor
public protocol MemoryPurgeable: AnyObject {
    /// Drops every entry that can be recreated.
    func purge()
}
