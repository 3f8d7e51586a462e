import Composition
import DurableState
import Lifecycle
import LifelineHistory

/// Builds the model of each screen a window pushes in its own screen scope of the composition
/// root: opened with the screen's `TaskScope` (and the ``BookID`` it shows), closed when that
/// task scope ends (the screen is popped or the window disconnects).
///
/// One per window (scene lifetime), created by the composition root; lives on the main actor.
@MainActor
public final class ScreenFactory {
    /// Why a screen could not be built.
    public enum Failure: Error, CustomStringConvertible {
        /// The window's scene scope is gone (the window disconnected).
        case sceneScopeClosed
        /// The composition failed to build the screen's model.
        case composition(CompositionError)

        /// A message for logs.
        public var description: String {
            switch self {
            case .sceneScopeClosed: "the window's services are closed"
            case .composition(let error): "\(error)"
            }
        }
    }

    private let scene: LifecycleScene
    private let scopes: SceneScopes

    /// Creates the factory of `scene`'s screens.
    public init(scene: LifecycleScene, scopes: SceneScopes) {
        self.scene = scene
        self.scopes = scopes
    }

    /// The model of `route`, living in a screen scope tied to `taskScope`.
    /// - Throws: ``Failure``; no scope is left open then.
    public func makeScreen(for route: AppRoute, taskScope: TaskScope) throws(Failure) -> WindowModel.Screen {
        guard let sceneServices = scopes.scope(for: scene) else { throw .sceneScopeClosed }
        var values = ProvidedValues().with(TaskScope.self, taskScope)
        if let id = route.bookID { values.provide(BookID.self, id) }
        let services: ServiceScope
        do {
            services = try sceneServices.openScreen(named: route.description, providing: values)
        } catch {
            throw .composition(error)
        }
        taskScope.onEnd { services.close() }
        do throws(CompositionError) {
            let screen: WindowModel.Screen
            switch route {
            case .book:
                let model = try services.resolve(BookRecordViewModel.self)
                model.load()
                screen = .book(model)
            case .notes:
                let model = try services.resolve(NoteEditorViewModel.self)
                model.load()
                screen = .notes(model)
            case .basket:
                screen = .basket(try services.resolve(BasketViewModel.self))
            case .readingList:
                screen = .readingList(try services.resolve(ReadingListViewModel.self))
            case .profile:
                screen = .profile(try services.resolve(ProfileViewModel.self))
            }
            // Its window shows what it shows: registered for the checks of its scene and lifetime.
            scopes.screens?.register(model: screen.model, in: scene.id)
            return screen
        } catch {
            services.close()
            throw .composition(error)
        }
    }
}

/// Finds the composition scope of a connected scene, for ``ScreenFactory``. Filled in by
/// ``AppComposition`` once the root is bound to the runtime; holds the binding weakly. Application
/// lifetime; lives on the main actor.
@MainActor
public final class SceneScopes {
    weak var binding: LifecycleBinding?
    /// Where screens register for a simulation's checks (`AppEnvironment.screens`).
    var screens: ScreenRegistry?

    /// Creates an empty locator.
    public init() {}

    /// The scene scope of `scene`, while it is connected.
    public func scope(for scene: LifecycleScene) -> ServiceScope? {
        binding?.services(for: scene)
    }
}
