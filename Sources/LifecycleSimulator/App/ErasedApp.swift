import Foundation
import Lifecycle
import LifelineHistory

/// A ``SimulatedApp`` with its incarnation type erased, so that the simulator's machinery is not
/// generic (unspecialized generic code across modules pays for metadata lookups on every call).
/// Built once per ``Simulator`` run; its closures run on the main actor.
struct ErasedApp {
    struct Action {
        let name: String
        let weight: Int
        let edits: [EditedValue]
        let isEnabled: @MainActor (AnyObject, LifecycleScene, SimulationEnvironment) -> Bool
        let perform: @MainActor (AnyObject, LifecycleScene, SimulationEnvironment, inout SimulationRandom) -> Void
    }

    let name: String
    let makeIncarnation: @MainActor (SimulationEnvironment) -> AnyObject
    let observe: @MainActor (AnyObject) -> [VisibleValue]
    let actions: [Action]
    let links: [URL]
    let restorationMutations: [RestorationMutator]
    let databases: [DatabaseCheck]
    let variants: [String]
    /// The actions enabled for the incarnation in the scene, as a mask (bit `i` for action `i`):
    /// the same checks as each ``Action/isEnabled`` in action order, with the app's context built
    /// once for all of them and no call back per action (the generator asks before every step).
    /// `nil` when the app has more than 64 actions (then check each action itself).
    let enabledActions: (@MainActor (AnyObject, LifecycleScene, SimulationEnvironment) -> UInt64)?
    /// The first broken invariant of the incarnation and its message, in invariant order: the
    /// same checks as each ``AppInvariant/check``, without walking an array of closures.
    let firstBrokenInvariant: @MainActor (AnyObject) -> (name: String, message: String)?
    /// Whether no two actions share a name (then ``action(named:)`` finds each action itself).
    let hasUniqueActionNames: Bool
    /// ``SimulatedApp/historyFromStorage``.
    let historyFromStorage: Bool
    /// ``SimulatedApp/offDeviceDirectories``.
    let offDeviceDirectories: [String]

    init<Incarnation: AnyObject>(_ app: SimulatedApp<Incarnation>) {
        name = app.name
        let make = app.makeIncarnation
        makeIncarnation = { make($0) }
        let observe = app.observe
        self.observe = { observe(unsafeDowncast($0, to: Incarnation.self)) }
        actions = app.actions.map { action in
            let isEnabled = action.isEnabled
            let perform = action.perform
            return Action(
                name: action.name, weight: action.weight, edits: action.edits,
                isEnabled: { object, scene, environment in
                    isEnabled(UserActionContext(incarnation: unsafeDowncast(object, to: Incarnation.self), scene: scene, environment: environment))
                },
                perform: { object, scene, environment, random in
                    perform(UserActionContext(incarnation: unsafeDowncast(object, to: Incarnation.self), scene: scene, environment: environment), &random)
                }
            )
        }
        // The checks are chained closures rather than an array: this code runs unspecialized
        // (generic over the incarnation), where reading an array of generic closures looks up
        // type metadata on every element; calling a captured closure does not.
        if app.actions.count <= UInt64.bitWidth {
            var maskFrom: @MainActor (UserActionContext<Incarnation>) -> UInt64 = { _ in 0 }
            for (index, action) in app.actions.enumerated().reversed() {
                let isEnabled = action.isEnabled
                let next = maskFrom
                let bit: UInt64 = 1 << UInt64(index)
                // `isEnabled` runs before `next`: the checks run in action order.
                maskFrom = { context in (isEnabled(context) ? bit : 0) | next(context) }
            }
            let maskAll = maskFrom
            enabledActions = { object, scene, environment in
                maskAll(UserActionContext(incarnation: unsafeDowncast(object, to: Incarnation.self), scene: scene, environment: environment))
            }
        } else {
            enabledActions = nil
        }
        var brokenFrom: @MainActor (Incarnation) -> (name: String, message: String)? = { _ in nil }
        for invariant in app.invariants.reversed() {
            let check = invariant.check
            let name = invariant.name
            let next = brokenFrom
            brokenFrom = { incarnation in
                if let message = check(incarnation) { return (name, message) }
                return next(incarnation)
            }
        }
        let firstBroken = brokenFrom
        firstBrokenInvariant = { firstBroken(unsafeDowncast($0, to: Incarnation.self)) }
        links = app.links
        restorationMutations = app.restorationMutations
        databases = app.databases
        variants = app.variants
        hasUniqueActionNames = Set(app.actions.map(\.name)).count == app.actions.count
        historyFromStorage = app.historyFromStorage
        offDeviceDirectories = app.offDeviceDirectories
    }

    func action(named name: String) -> Action? {
        for action in actions where action.name == name { return action }
        return nil
    }
}
