import Composition
import Lifecycle
import Testing

/// A service that needs async set-up.
final class Catalogue {
    let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
        log?.record("init Catalogue")
    }

    deinit { log?.record("deinit Catalogue") }
}

/// Lets a test decide when an async factory may finish.
@MainActor
final class Gate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        let waiting = waiters
        waiters.removeAll()
        for waiter in waiting { waiter.resume() }
    }
}

/// The synchronous overload, chosen explicitly from an async test.
@MainActor
func resolveSynchronously<Value>(_ type: Value.Type, in scope: ServiceScope) throws(CompositionError) -> Value {
    try scope.resolve(type)
}

extension ServiceScopeTests {
    @Test func asyncServiceResolvesWithAwaitAndThenSynchronously() async throws {
        var registry = Registry()
        registry.registerAsync(Catalogue.self, lifetime: .application) { () async in Catalogue() }
        let app = try CompositionRoot(registry).makeApplicationScope()
        let error = #expect(throws: CompositionError.self) { try resolveSynchronously(Catalogue.self, in: app) }
        #expect(error?.description == "Async service: Catalogue [application] has an async factory and is not loaded yet; "
            + "resolve it with `try await scope.resolve(_:)`.")
        let catalogue = try await app.resolve(Catalogue.self)
        #expect(try await app.resolve(Catalogue.self) === catalogue)
        #expect(app.loadState(of: Catalogue.self).value === catalogue)
        #expect(try resolveSynchronously(Catalogue.self, in: app) === catalogue)
    }

    @Test func concurrentResolutionsShareOneSetUpAndWaitParked() async throws {
        let gate = Gate()
        var calls = 0
        var registry = Registry()
        registry.registerAsync(Catalogue.self, lifetime: .application) { () async in
            calls += 1
            await gate.wait()
            return Catalogue()
        }
        let app = try CompositionRoot(registry).makeApplicationScope()
        let tracker = WorkTracker()
        let tasks = TaskScope(name: "test", tracker: tracker)
        var first: Catalogue?
        var second: Catalogue?
        let firstTask = tasks.task("first") { first = try? await app.resolve(Catalogue.self) }
        let secondTask = tasks.task("second") { second = try? await app.resolve(Catalogue.self) }
        #expect(app.loadState(of: Catalogue.self).isLoading)
        #expect(tracker.liveTasks.count == 2)
        #expect(tracker.parkedTasks.count == 1)

        gate.open()
        await firstTask.value
        await secondTask.value
        #expect(first != nil)
        #expect(first === second)
        #expect(calls == 1)
    }

    @Test func failedSetUpCachesNothingAndIsRetried() async throws {
        struct DiskFull: Error, CustomStringConvertible {
            var description: String { "disk full" }
        }
        var attempts = 0
        var registry = Registry()
        registry.registerAsync(Catalogue.self, lifetime: .application) { () async throws in
            attempts += 1
            if attempts == 1 { throw DiskFull() }
            return Catalogue()
        }
        let app = try CompositionRoot(registry).makeApplicationScope()
        await #expect(throws: CompositionError.self) { _ = try await app.resolve(Catalogue.self) }
        #expect(app.loadState(of: Catalogue.self).error.map { "\($0)" } == "Factory failed: the factory of Catalogue "
            + "[application] threw disk full. Nothing was cached for it; the next resolution runs the factory again.")
        _ = try await app.resolve(Catalogue.self)
        #expect(attempts == 2)
        #expect(app.loadState(of: Catalogue.self).value != nil)
    }

    @Test func asyncFactoriesAwaitTheirDependencies() async throws {
        var registry = Registry()
        registry.registerAsync(Catalogue.self, lifetime: .application) { () async in Catalogue() }
        registry.register((any NetworkClient).self, lifetime: .application) { StubNetworkClient() }
        registry.registerAsync(LibraryViewModel.self, lifetime: .screen) { (_: Catalogue, client: any NetworkClient) async in
            LibraryViewModel(service: RemoteBookService(client: client), selection: SceneSelection())
        }
        let root = CompositionRoot(registry)
        try root.validate()
        let app = try root.makeApplicationScope()
        defer { app.close() }
        let screen = try app.openScreen(named: "Library")
        let model = try await screen.resolve(LibraryViewModel.self)
        #expect(model.service.source == "remote")
    }

    @Test func setUpFinishingAfterItsScopeClosedIsTornDown() async throws {
        let log = EventLog()
        let gate = Gate()
        var registry = Registry()
        registry.registerAsync(Catalogue.self, lifetime: .scene, teardown: { _ in log.record("teardown Catalogue") }) { () async in
            await gate.wait()
            return Catalogue(log: log)
        }
        let scene = try CompositionRoot(registry).makeApplicationScope().openScene(named: "scene 1")
        let tasks = TaskScope(name: "test", tracker: WorkTracker())
        var outcome: String?
        let task = tasks.task("load") {
            do {
                _ = try await scene.resolve(Catalogue.self)
                outcome = "loaded"
            } catch {
                outcome = "\(error)"
            }
        }
        scene.close()
        gate.open()
        await task.value
        #expect(outcome == "Scope closed: the scene scope \"scene 1\" was closed, so Catalogue can no longer be resolved from it.")
        #expect(log.events == ["init Catalogue", "teardown Catalogue", "deinit Catalogue"])
    }

    @Test func preloadStartsTheSetUpWithoutBlocking() async throws {
        let gate = Gate()
        var registry = Registry()
        registry.registerAsync(Catalogue.self, lifetime: .application) { () async in
            await gate.wait()
            return Catalogue()
        }
        let app = try CompositionRoot(registry).makeApplicationScope()
        #expect(app.loadState(of: Catalogue.self).value == nil)
        let task = app.preload(DependencyKey(Catalogue.self), in: TaskScope(name: "launch", tracker: WorkTracker()))
        #expect(app.loadState(of: Catalogue.self).isLoading)
        gate.open()
        await task.value
        #expect(app.loadState(of: Catalogue.self).value != nil)
    }
}
