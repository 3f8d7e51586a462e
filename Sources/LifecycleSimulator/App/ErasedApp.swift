import Foundation
import Lifecycle

/// A ``SimulatedApp`` with its incarnation type erased, so that the simulator's machinery is not
/// generic (unspecialized generic code across modules pays for metadata lookups on every call).
/// Built once per ``Simulator`` run; its closures run on the main actor.
struct ErasedApp {
    struct Action {
        let name: String
        let weight: Int
        let isEnabled: @MainActor (AnyObject, LifecycleScene, SimulationEnvironment) -> Bool
        let perform: @MainActor (AnyObject, LifecycleScene, SimulationEnvironment, inout SimulationRandom) -> Void
    }

    struct Invariant {
        let name: String
        let check: @MainActor (AnyObject) -> String?
    }

    let name: String
    let makeIncarnation: @MainActor (SimulationEnvironment) -> AnyObject
    let observe: @MainActor (AnyObject) -> [Observation]
    let actions: [Action]
    let invariants: [Invariant]
    let links: [URL]
    let restorationMutations: [RestorationMutator]
    /// Calls its last argument with the index of each action enabled for the incarnation in the
    /// scene, in action order: the same checks as each ``Action/isEnabled``, with the app's
    /// context built once for all of them (the generator asks before every step).
    let forEachEnabledAction: @MainActor (AnyObject, LifecycleScene, SimulationEnvironment, (Int) -> Void) -> Void
    /// Whether no two actions share a name (then ``action(named:)`` finds each action itself).
    let hasUniqueActionNames: Bool

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
                name: action.name, weight: action.weight,
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
        var checkFrom: @MainActor (UserActionContext<Incarnation>, (Int) -> Void) -> Void = { _, _ in }
        for (index, action) in app.actions.enumerated().reversed() {
            let isEnabled = action.isEnabled
            let next = checkFrom
            checkFrom = { context, body in
                if isEnabled(context) { body(index) }
                next(context, body)
            }
        }
        let checkAll = checkFrom
        forEachEnabledAction = { object, scene, environment, body in
            checkAll(UserActionContext(incarnation: unsafeDowncast(object, to: Incarnation.self), scene: scene, environment: environment), body)
        }
        invariants = app.invariants.map { invariant in
            Invariant(name: invariant.name) { invariant.check(unsafeDowncast($0, to: Incarnation.self)) }
        }
        links = app.links
        restorationMutations = app.restorationMutations
        hasUniqueActionNames = Set(app.actions.map(\.name)).count == app.actions.count
    }

    func action(named name: String) -> Action? {
        for action in actions where action.name == name { return action }
        return nil
    }
}
