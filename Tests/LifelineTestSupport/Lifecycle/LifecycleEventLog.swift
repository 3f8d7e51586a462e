import Lifecycle

/// An ordered log of lifecycle callbacks, shared by the recording fakes of one test so that scene
/// delegates, scene observers, the application delegate and application observers write to one
/// sequence. Entries read `"<who> <what>"`, such as `"delegate[A] willConnect"` or
/// `"app didFinishLaunching"`. Owned by the test; lives on the main actor.
@MainActor
public final class LifecycleEventLog {
    /// Every entry so far, in order.
    public private(set) var entries: [String] = []

    /// Creates an empty log.
    public init() {}

    /// Appends `entry`.
    public func record(_ entry: String) {
        entries.append(entry)
    }

    /// Returns the entries recorded so far and empties the log.
    @discardableResult
    public func take() -> [String] {
        defer { entries.removeAll() }
        return entries
    }

    /// A scene observer that records `"<name>[<scene>] <event>"`.
    public func sceneObserver(_ name: String, scene: SceneSessionID) -> @MainActor (SceneEvent) -> Void {
        { [weak self] event in self?.record("\(name)[\(scene)] \(event)") }
    }

    /// An application observer that records `"<name> <event>"`.
    public func applicationObserver(_ name: String) -> @MainActor (ApplicationEvent) -> Void {
        { [weak self] event in self?.record("\(name) \(event)") }
    }
}
