import Composition
import Lifecycle
import Testing

/// A scene delegate that holds its screen's view model, as a window controller would.
@MainActor
final class LibrarySceneDelegate: SceneDelegate {
    let selection: SceneSelection
    let log: EventLog

    init(selection: SceneSelection, log: EventLog) {
        self.selection = selection
        self.log = log
    }

    func sceneDidDisconnect(_ scene: LifecycleScene) {
        log.record("didDisconnect \(scene.id)")
    }
}

@Suite("LifecycleBinding")
@MainActor
struct LifecycleBindingTests {
    let log = EventLog()
    let runtime = LifecycleRuntime(clock: VirtualClock())

    func bind(_ registry: Registry, validate: Bool = true) throws -> LifecycleBinding {
        try CompositionRoot(registry).bind(to: runtime, validate: validate) { [log] scene, services in
            LibrarySceneDelegate(selection: try services.resolve(SceneSelection.self), log: log)
        }
    }

    func registry() -> Registry {
        var registry = libraryRegistry(log: log).removing(SceneSelection.self)
        registry.register(SceneSelection.self, lifetime: .scene, teardown: { [log] _ in log.record("teardown SceneSelection") }) {
            SceneSelection(log: log)
        }
        return registry
    }

    @Test func sceneScopeOpensOnConnectAndIsReleasedOnDisconnect() throws {
        let binding = try bind(registry())
        defer { runtime.markKilled() }
        try runtime.handle(.launch(LaunchOptions()))
        let session = SceneSession(id: SceneSessionID("S1"))
        try runtime.handle(.connectScene(session, .none, foreground: true))

        weak var selection: SceneSelection?
        weak var sceneScope: ServiceScope?
        do {
            let scope = try #require(binding.sceneScopes[session.id])
            selection = try scope.resolve(SceneSelection.self)
            sceneScope = scope
        }
        #expect(selection != nil)
        #expect(log.events == ["init SceneSelection"])

        try runtime.handle(.disconnectScene(session.id))
        #expect(selection == nil)
        #expect(sceneScope == nil)
        #expect(binding.sceneScopes.isEmpty)
        #expect(log.events == ["init SceneSelection", "didDisconnect S1", "teardown SceneSelection", "deinit SceneSelection"])
    }

    @Test func eachWindowHasItsOwnSelectionAndSharesApplicationServices() throws {
        let binding = try bind(registry())
        defer { runtime.markKilled() }
        try runtime.handle(.launch(LaunchOptions()))
        try runtime.handle(.connectScene(SceneSession(id: SceneSessionID("S1")), .none, foreground: true))
        try runtime.handle(.connectScene(SceneSession(id: SceneSessionID("S2")), .none, foreground: true))
        let first = try #require(binding.sceneScopes[SceneSessionID("S1")])
        let second = try #require(binding.sceneScopes[SceneSessionID("S2")])
        try first.resolve(SceneSelection.self).bookID = "dune"
        #expect(try second.resolve(SceneSelection.self).bookID == nil)
        #expect(try first.resolve((any BookService).self) === second.resolve((any BookService).self))
    }

    @Test func sceneScopeProvidesItsScene() throws {
        var registry = registry()
        registry.register(BookID.self, lifetime: .scene) { (scene: LifecycleScene) in BookID(rawValue: scene.id.rawValue) }
        let binding = try bind(registry)
        defer { runtime.markKilled() }
        try runtime.handle(.launch(LaunchOptions()))
        try runtime.handle(.connectScene(SceneSession(id: SceneSessionID("S9")), .none, foreground: false))
        #expect(try binding.sceneScopes[SceneSessionID("S9")]?.resolve(BookID.self) == BookID(rawValue: "S9"))
    }

    @Test func reconnectingGetsAFreshSceneScope() throws {
        let binding = try bind(registry())
        defer { runtime.markKilled() }
        try runtime.handle(.launch(LaunchOptions()))
        let session = SceneSession(id: SceneSessionID("S1"))
        try runtime.handle(.connectScene(session, .none, foreground: true))
        weak let before = binding.sceneScopes[session.id]
        #expect(before != nil)
        try runtime.handle(.disconnectScene(session.id))
        #expect(before == nil)
        try runtime.handle(.connectScene(session, .none, foreground: true))
        let after = try #require(binding.sceneScopes[session.id])
        #expect(!after.isClosed)
        #expect(log.events.filter { $0.hasPrefix("init SceneSelection") }.count == 2)
    }

    @Test func applicationScopeClosesWhenTheProcessTerminates() throws {
        var registry = registry()
        registry.register(.first, lifetime: .application, teardown: { [log] in log.record("teardown \($0.name)") }) {
            Tracked("app service", log: log)
        }
        let binding = try bind(registry)
        try runtime.handle(.launch(LaunchOptions()))
        try runtime.handle(.connectScene(SceneSession(id: SceneSessionID("S1")), .none, foreground: false))
        _ = try binding.application.resolve(.first)
        try runtime.handle(.terminate)
        #expect(binding.application.isClosed)
        #expect(log.events == [
            "init SceneSelection", "init app service",
            "teardown SceneSelection", "teardown app service", "deinit app service", "deinit SceneSelection",
        ])
    }

    @Test func aKillClosesNothingAndAbandonReleasesWithoutTeardown() throws {
        let binding = try bind(registry())
        try runtime.handle(.launch(LaunchOptions()))
        try runtime.handle(.connectScene(SceneSession(id: SceneSessionID("S1")), .none, foreground: false))
        runtime.markKilled()
        #expect(!binding.application.isClosed)
        #expect(log.events == ["init SceneSelection"])
        binding.abandon()
        #expect(binding.application.isClosed)
        #expect(log.events == ["init SceneSelection", "deinit SceneSelection"])
    }

    @Test func aKilledIncarnationDroppedByItsHostReleasesItsScopes() throws {
        weak var application: ServiceScope?
        weak var selection: SceneSelection?
        do {
            let binding = try bind(registry())
            try runtime.handle(.launch(LaunchOptions()))
            try runtime.handle(.connectScene(SceneSession(id: SceneSessionID("S1")), .none, foreground: true))
            application = binding.application
            selection = try binding.sceneScopes[SceneSessionID("S1")]?.resolve(SceneSelection.self)
        }
        #expect(application != nil && selection != nil, "the running process keeps its scopes")
        runtime.markKilled()
        #expect(application == nil)
        #expect(selection == nil)
        #expect(log.events == ["init SceneSelection", "deinit SceneSelection"], "released without teardown")
    }

    @Test func bindingRefusesTheTextbookCaptiveDependencyBeforeLaunch() {
        var registry = registry()
        registry.register(SharedLibraryStore.self, lifetime: .application, SharedLibraryStore.init(selection:))
        let error = #expect(throws: CompositionValidationError.self) { try bind(registry) }
        #expect(error?.problems.map(\.description) == [
            "Captive dependency: SharedLibraryStore [application] → SceneSelection [scene]. SharedLibraryStore lives "
                + "as long as the application but would keep one scene's SceneSelection after that scene ends "
                + "and share it with every other scene.",
        ])
        #expect(runtime.sceneDelegateFactory == nil)
    }

    @Test func failingSceneDelegateFactoryIsReported() throws {
        let binding = try bind(registry().removing(SceneSelection.self), validate: false)
        defer { runtime.markKilled() }
        try runtime.handle(.launch(LaunchOptions()))
        try runtime.handle(.connectScene(SceneSession(id: SceneSessionID("S1")), .none, foreground: false))
        #expect(binding.delegateFailures[SceneSessionID("S1")]?.hasPrefix("Missing registration: nothing is registered for SceneSelection") == true)
    }
}
