import Foundation
import Lifecycle
import LifelineHistory

/// A ``SimulatedApp`` with its root object's type erased, so that the simulator's machinery is
/// not generic. Built once per ``Simulator``; its closures run on the main actor.
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
    /// The actions' names, in action order.
    let actionNames: [String]
    /// Whether each action is enabled for the root object in the scene, in action order.
    let enabledActions: @MainActor (AnyObject, LifecycleScene, SimulationEnvironment) -> [Bool]
    let links: [URL]
    let restorationMutations: [RestorationMutator]
    let databases: [DatabaseCheck]
    let variants: [String]
    let versions: [String]
    /// The first broken invariant of the app's root object and its message, in invariant order.
    let firstBrokenInvariant: @MainActor (AnyObject) -> (name: String, message: String)?
    /// ``SimulatedApp/historyFromStorage``.
    let historyFromStorage: Bool
    /// ``SimulatedApp/offDeviceDirectories``.
    let offDeviceDirectories: [String]

    init<Incarnation: AnyObject>(_ app: SimulatedApp<Incarnation>) {
        name = app.name
        let make = app.makeIncarnation
        makeIncarnation = { make($0) }
        let observe = app.observe
        self.observe = { observe(Self.root($0, of: app)) }
        actions = app.actions.map { action in
            let isEnabled = action.isEnabled
            let perform = action.perform
            return Action(
                name: action.name, weight: action.weight, edits: action.edits,
                isEnabled: { object, scene, environment in
                    isEnabled(UserActionContext(incarnation: Self.root(object, of: app), scene: scene, environment: environment))
                },
                perform: { object, scene, environment, random in
                    perform(UserActionContext(incarnation: Self.root(object, of: app), scene: scene, environment: environment), &random)
                }
            )
        }
        actionNames = app.actions.map(\.name)
        let preconditions = app.actions.map(\.isEnabled)
        enabledActions = { object, scene, environment in
            let context = UserActionContext(incarnation: Self.root(object, of: app), scene: scene, environment: environment)
            return preconditions.map { $0(context) }
        }
        let invariants = app.invariants
        firstBrokenInvariant = { object in
            let root = Self.root(object, of: app)
            for invariant in invariants {
                if let message = invariant.check(root) { return (invariant.name, message) }
            }
            return nil
        }
        links = app.links
        restorationMutations = app.restorationMutations
        databases = app.databases
        variants = app.variants
        versions = app.versions
        historyFromStorage = app.historyFromStorage
        offDeviceDirectories = app.offDeviceDirectories
    }

    /// `object`, which `app`'s ``SimulatedApp/makeIncarnation`` made, as its own type.
    private static func root<Incarnation: AnyObject>(_ object: AnyObject, of app: SimulatedApp<Incarnation>) -> Incarnation {
        guard let root = object as? Incarnation else {
            preconditionFailure("the simulator handed \(app.name)'s closures an object it did not make: \(type(of: object))")
        }
        return root
    }

    func action(named name: String) -> Action? {
        for action in actions where action.name == name { return action }
        return nil
    }
}
