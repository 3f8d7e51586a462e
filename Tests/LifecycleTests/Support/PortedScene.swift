import Lifecycle
import LifelineTestSupport

/// One scene (session "A") without a delegate, so that a test's observers are its only listeners,
/// as in androidx's `LifecycleRegistryTest`, where the registry has no owner callbacks of its own.
///
/// androidx's states map onto the scene's: INITIALIZED is a scene object not yet connected
/// (observers added from ``beforeConnect``), CREATED is `background`, STARTED
/// `foregroundInactive`, RESUMED `foregroundActive`, DESTROYED a disconnected scene object. Its
/// events are host events: ON_CREATE ``create()`` (a background connection, `willConnect`),
/// ON_START / ON_RESUME / ON_PAUSE / ON_STOP ``move(to:)``, ON_DESTROY ``destroy()``. Observers
/// record `"<name> <event>"` into ``log``. Owned by one test; lives on the main actor.
@MainActor
final class PortedScene {
    let rig = LifecycleTestRig()
    /// Runs when the scene object is created, before `willConnect`: androidx's INITIALIZED.
    var beforeConnect: (@MainActor () -> Void)?

    /// A launched process with no scene yet.
    init() throws {
        try rig.launch()
        rig.runtime.sceneDelegateFactory = { [unowned self] _ in
            beforeConnect?()
            return nil
        }
        rig.log.take()
    }

    /// Ends the process (``LifecycleTestRig/end()``): a test's observers capture the port, which
    /// holds the runtime that holds them. Each test defers it.
    func end() {
        beforeConnect = nil
        rig.end()
    }

    var log: LifecycleEventLog { rig.log }

    /// The connected scene object, if any.
    var scene: LifecycleScene? { rig.scene("A") }

    /// androidx's ON_CREATE: connects the scene in the background.
    func create() throws(LifecycleError) {
        try rig.connect("A", foreground: false)
    }

    /// ON_START, ON_RESUME, ON_PAUSE or ON_STOP.
    func move(to state: SceneState) throws(LifecycleError) {
        try rig.move("A", to: state)
    }

    /// androidx's ON_DESTROY: disconnects the scene.
    func destroy() throws(LifecycleError) {
        try rig.disconnect("A")
    }

    /// androidx's `fullyInitializeRegistry()`: ON_CREATE, ON_START, ON_RESUME.
    func fullyInitialize() throws(LifecycleError) {
        try create()
        try move(to: .foregroundInactive)
        try move(to: .foregroundActive)
    }

    /// A handler that records `"<name> <event>"`, then runs `reaction` (the body androidx's test
    /// observer overrides for that event).
    func recorder(
        _ name: String, _ reaction: @escaping @MainActor (SceneEvent) -> Void = { _ in }
    ) -> @MainActor (SceneEvent) -> Void {
        { [log] event in
            log.record("\(name) \(event)")
            reaction(event)
        }
    }

    /// Adds a ``recorder(_:_:)`` to the scene.
    @discardableResult
    func observe(
        _ name: String, _ reaction: @escaping @MainActor (SceneEvent) -> Void = { _ in }
    ) -> LifecycleObservation? {
        scene?.addObserver(recorder(name, reaction))
    }

    /// Adds an observer of two arguments that records `"<name> <event>"`, then runs `reaction`
    /// with its own observation (for androidx's observers that remove themselves).
    @discardableResult
    func observe(
        _ name: String, _ reaction: @escaping @MainActor (SceneEvent, LifecycleObservation) -> Void
    ) -> LifecycleObservation? {
        scene?.addObserver { [log] event, observation in
            log.record("\(name) \(event)")
            reaction(event, observation)
        }
    }

    /// The log of observers `names` that each catch up in full, one after the other: every
    /// observer's `willConnect`, `willEnterForeground` and `didBecomeActive` before the next's.
    static func caughtUp(_ names: String...) -> [String] {
        names.flatMap { ["\($0) willConnect", "\($0) willEnterForeground", "\($0) didBecomeActive"] }
    }
}
