import CampusLibrary
import DurableState
import Lifecycle

/// The snippet of `CampusLibrary.docc/CampusLibraryTour.md`: one incarnation of the Campus
/// Library, built from an environment and launched with one window. Compiled by `swift build`;
/// main actor.
@MainActor
enum CampusTourSnippets {
    /// Builds and launches the app on `fileSystem`; returns the composition to keep.
    static func launch(fileSystem: any FileSystem, clock: any LifelineClock) throws -> AppComposition {
        let runtime = LifecycleRuntime(clock: clock)
        let environment = AppEnvironment(
            runtime: runtime, storage: StorageEnvironment(fileSystem: fileSystem), secretStore: InMemorySecretStore(), logger: .disabled,
            dataDirectory: "/campus", catalogue: .custom(InMemoryCatalogue(books: [])))
        let app = try AppComposition(environment: environment)  // validated, bound to the runtime
        try runtime.handle(.launch(LaunchOptions()))
        try runtime.handle(.connectScene(SceneSession(), .none, foreground: true))
        return app
    }
}
