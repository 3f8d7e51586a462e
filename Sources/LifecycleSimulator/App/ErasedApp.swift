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
        let enabledChecks = app.actions.map(\.isEnabled)
        forEachEnabledAction = { object, scene, environment, body in
            let context = UserActionContext(incarnation: unsafeDowncast(object, to: Incarnation.self), scene: scene, environment: environment)
            for index in enabledChecks.indices where enabledChecks[index](context) { body(index) }
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
