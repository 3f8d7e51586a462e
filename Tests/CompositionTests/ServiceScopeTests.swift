import Composition
import Testing

@Suite("ServiceScope")
@MainActor
struct ServiceScopeTests {
    @Test func eachLifetimeIsCachedByItsOwnScope() throws {
        var registry = libraryRegistry()
        registry.register(SelectionFormatter.self, lifetime: .transient, SelectionFormatter.init(selection:))
        let app = try CompositionRoot(registry).makeApplicationScope()
        defer { app.close() }
        let sceneA = try app.openScene(named: "A")
        let sceneB = try app.openScene(named: "B")
        let screenA1 = try sceneA.openScreen(named: "A1")
        let screenA2 = try sceneA.openScreen(named: "A2")

        let modelA1 = try screenA1.resolve(LibraryViewModel.self)
        #expect(try screenA1.resolve(LibraryViewModel.self) === modelA1)
        #expect(try screenA2.resolve(LibraryViewModel.self) !== modelA1)
        #expect(try screenA2.resolve(LibraryViewModel.self).selection === modelA1.selection)
        #expect(try sceneB.resolve(SceneSelection.self) !== modelA1.selection)
        #expect(try sceneB.resolve((any BookService).self) === modelA1.service)
        #expect(try screenA1.resolve(SelectionFormatter.self) !== screenA1.resolve(SelectionFormatter.self))
    }

    @Test func closingAScopeTearsDownAndReleasesInReverseOrderOfCreation() throws {
        let log = EventLog()
        var registry = Registry()
        registry.register(.first, lifetime: .scene, teardown: { log.record("teardown \($0.name)") }) { Tracked("first", log: log) }
        registry.register(.second, lifetime: .scene, using: .first, teardown: { log.record("teardown \($0.name)") }) { first in
            Tracked("second", log: log, dependencies: [first])
        }
        registry.register(.third, lifetime: .screen, using: .second, teardown: { log.record("teardown \($0.name)") }) { second in
            Tracked("third", log: log, dependencies: [second])
        }
        let app = try CompositionRoot(registry).makeApplicationScope()
        let scene = try app.openScene(named: "scene 1")
        let screen = try scene.openScreen(named: "Library")
        _ = try screen.resolve(.third)
        #expect(log.events == ["init first", "init second", "init third"])

        scene.close()
        #expect(log.events == [
            "init first", "init second", "init third",
            "teardown third", "deinit third",
            "teardown second", "deinit second",
            "teardown first", "deinit first",
        ])
        #expect(screen.isClosed)
        #expect(app.openChildren.isEmpty)
    }

    @Test func resolvingFromAClosedScopeFails() throws {
        let app = try CompositionRoot(libraryRegistry()).makeApplicationScope()
        let scene = try app.openScene(named: "scene 1")
        scene.close()
        let error = #expect(throws: CompositionError.self) { try scene.resolve(SceneSelection.self) }
        #expect(error?.description == "Scope closed: the scene scope \"scene 1\" was closed, so SceneSelection can no longer be resolved from it.")
    }

    @Test func applicationServicesResolveTheirDependenciesFromTheApplicationScope() throws {
        var registry = libraryRegistry()
        registry.register(SharedLibraryStore.self, lifetime: .application, SharedLibraryStore.init(selection:))
        let app = try CompositionRoot(registry).makeApplicationScope()
        defer { app.close() }
        let screen = try app.openScene(named: "scene 1").openScreen(named: "Library")
        let error = #expect(throws: CompositionError.self) { try screen.resolve(SharedLibraryStore.self) }
        #expect(error?.description == "Captive dependency: SharedLibraryStore [application] → SceneSelection [scene]. "
            + "SharedLibraryStore lives as long as the application but would keep one scene's SceneSelection after that "
            + "scene ends and share it with every other scene.")
    }

    @Test func sceneServiceCannotBeResolvedFromTheApplicationScope() throws {
        let app = try CompositionRoot(libraryRegistry()).makeApplicationScope()
        let error = #expect(throws: CompositionError.self) { try app.resolve(SceneSelection.self) }
        #expect(error?.description == "No scene scope: SceneSelection [scene] lives in a scene scope, but it was resolved "
            + "from the application scope \"application\", which is not inside one. Open a scene scope and resolve it from there.")
    }

    @Test func unregisteredDependencyFailsWithTheResolutionPath() throws {
        let app = try CompositionRoot(libraryRegistry().removing((any NetworkClient).self)).makeApplicationScope()
        defer { app.close() }
        let screen = try app.openScene(named: "scene 1").openScreen(named: "Library")
        let error = #expect(throws: CompositionError.self) { try screen.resolve(LibraryViewModel.self) }
        #expect(error?.description == "Missing registration: nothing is registered for NetworkClient, needed by "
            + "LibraryViewModel [screen] → BookService [application] → NetworkClient. Register it in the composition root, "
            + "or override it for this test or preview.")
        #expect(error?.path.map(\.key) == [
            AnyDependencyKey(LibraryViewModel.self), AnyDependencyKey((any BookService).self), AnyDependencyKey((any NetworkClient).self),
        ])
    }

    @Test func unknownKeyFailsWithItsName() throws {
        let app = try CompositionRoot(Registry()).makeApplicationScope()
        let error = #expect(throws: CompositionError.self) { try app.resolve(BookID.self) }
        #expect(error?.description == "Missing registration: nothing is registered for BookID. Register it in the "
            + "composition root, or override it for this test or preview.")
    }

    @Test func cyclicServiceFailsInsteadOfRecursing() throws {
        var registry = Registry()
        registry.register(CycleA.self, lifetime: .transient, CycleA.init(b:))
        registry.register(CycleB.self, lifetime: .transient, CycleB.init(a:))
        registry.register(Tracked.self, lifetime: .transient) { (_: CycleB) in Tracked("t", log: EventLog()) }
        let app = try CompositionRoot(registry).makeApplicationScope()
        let error = #expect(throws: CompositionError.self) { try app.resolve(Tracked.self) }
        #expect(error?.description == "Dependency cycle: CycleA [transient] → CycleB [transient] → CycleA [transient]. "
            + "Reached by resolving Tracked [transient] → CycleB [transient].")
    }

    @Test func failedFactoryCachesNothingAndIsRetried() throws {
        struct Offline: Error, CustomStringConvertible {
            var description: String { "offline" }
        }
        var attempts = 0
        var registry = Registry()
        registry.register((any NetworkClient).self, lifetime: .application) { () throws -> any NetworkClient in
            attempts += 1
            if attempts == 1 { throw Offline() }
            return StubNetworkClient()
        }
        registry.register((any BookService).self, lifetime: .application, RemoteBookService.init(client:))
        let app = try CompositionRoot(registry).makeApplicationScope()
        let error = #expect(throws: CompositionError.self) { try app.resolve((any BookService).self) }
        #expect(error?.description == "Factory failed: the factory of NetworkClient [application] threw offline "
            + "(resolving BookService [application] → NetworkClient [application]). Nothing was cached for it; the next "
            + "resolution runs the factory again.")
        #expect(try app.resolve((any BookService).self).source == "remote")
        #expect(attempts == 2)
    }

    @Test func childScopesMustBeShorterLived() throws {
        let app = try CompositionRoot(Registry()).makeApplicationScope()
        defer { app.close() }
        let screen = try app.openScreen(named: "Settings")
        let error = #expect(throws: CompositionError.self) { try screen.openScene(named: "scene 1") }
        #expect(error?.description == "Invalid scope nesting: a scene scope cannot be opened inside the screen scope "
            + "\"Settings\"; a child scope must be shorter-lived than its parent.")
        #expect(throws: CompositionError.self) { try app.openScope(.transient, named: "nothing") }
    }

    @Test func providedValuesAreSuppliedWhenAScopeOpens() throws {
        var registry = Registry()
        registry.register((any BookService).self, lifetime: .application) { FakeBookService() }
        registry.provided(BookID.self, by: .screen)
        registry.register(BookRecordViewModel.self, lifetime: .screen, BookRecordViewModel.init(id:service:))
        let app = try CompositionRoot(registry).makeApplicationScope()
        defer { app.close() }
        let scene = try app.openScene(named: "scene 1")
        let screen = try scene.openScreen(named: "BookRecord", providing: ProvidedValues().with(BookID.self, BookID(rawValue: "b7")))
        #expect(try screen.resolve(BookRecordViewModel.self).id == BookID(rawValue: "b7"))

        let bare = try scene.openScreen(named: "Bare")
        let error = #expect(throws: CompositionError.self) { try bare.resolve(BookRecordViewModel.self) }
        #expect(error?.description == "Value not provided: BookID [screen] is supplied when its scope opens, but the "
            + "screen scope \"Bare\" was opened without it (resolving BookRecordViewModel [screen] → BookID [screen]).")
    }

    @Test func namedKeysTellApartServicesOfOneType() throws {
        let log = EventLog()
        var registry = Registry()
        registry.register(.first, lifetime: .application) { Tracked("first", log: log) }
        registry.register(.second, lifetime: .application) { Tracked("second", log: log) }
        let app = try CompositionRoot(registry).makeApplicationScope()
        #expect(try app.resolve(.first).name == "first")
        #expect(try app.resolve(.second).name == "second")
        #expect(DependencyKey<Tracked>.first.description == "Tracked.first")
    }

    @Test func resolverFactoriesResolveOnlyWhatTheyDeclare() throws {
        var registry = Registry()
        registry.register((any NetworkClient).self, lifetime: .application) { StubNetworkClient() }
        registry.register(SceneSelection.self, lifetime: .application) { SceneSelection() }
        registry.register((any BookService).self, lifetime: .application,
                          dependencies: [AnyDependencyKey((any NetworkClient).self)]) { resolver in
            RemoteBookService(client: try resolver.resolve((any NetworkClient).self))
        }
        registry.register(LibraryViewModel.self, lifetime: .transient,
                          dependencies: [AnyDependencyKey((any BookService).self)]) { resolver in
            LibraryViewModel(service: try resolver.resolve((any BookService).self), selection: try resolver.resolve(SceneSelection.self))
        }
        let app = try CompositionRoot(registry).makeApplicationScope()
        #expect(try app.resolve((any BookService).self).source == "remote")
        let error = #expect(throws: CompositionError.self) { try app.resolve(LibraryViewModel.self) }
        #expect(error?.description == "Undeclared dependency: the factory of LibraryViewModel [transient] resolved "
            + "SceneSelection, which is not in its `dependencies:` list. Declare it there so that validation sees it.")
    }

    @Test func abandoningReleasesWithoutTeardown() throws {
        let log = EventLog()
        var registry = Registry()
        registry.register(.first, lifetime: .scene, teardown: { log.record("teardown \($0.name)") }) { Tracked("first", log: log) }
        let app = try CompositionRoot(registry).makeApplicationScope()
        let scene = try app.openScene(named: "scene 1")
        _ = try scene.resolve(.first)
        app.abandon()
        #expect(log.events == ["init first", "deinit first"])
        #expect(scene.isClosed)
    }

    @Test func factoriesOfAnyArityResolveTheirDependenciesInOrder() throws {
        let log = EventLog()
        var registry = Registry()
        registry.register(.first, lifetime: .application) { Tracked("first", log: log) }
        registry.register(.second, lifetime: .application) { Tracked("second", log: log) }
        registry.register(.third, lifetime: .transient) { Tracked("third", log: log) }
        registry.register(BookID.self, lifetime: .application) { BookID(rawValue: "b1") }
        registry.register((any BookService).self, lifetime: .application) { FakeBookService() }
        registry.register(SceneSelection.self, lifetime: .application) { SceneSelection() }
        registry.register(Tracked.self, lifetime: .transient, using: .first, .second, .third, DependencyKey(BookID.self),
                          DependencyKey((any BookService).self), DependencyKey(SceneSelection.self)) {
            first, second, third, id, books, selection in
            Tracked("\(first.name) \(second.name) \(third.name) \(id.rawValue) \(books.source) \(selection.bookID ?? "-")", log: log)
        }
        registry.register(LibraryViewModel.self, lifetime: .transient) {
            (books: any BookService, selection: SceneSelection, id: BookID, _: Tracked, _: EmptyDependency) in
            selection.bookID = id.rawValue
            return LibraryViewModel(service: books, selection: selection)
        }
        registry.register(EmptyDependency.self, lifetime: .transient) { EmptyDependency() }
        let root = CompositionRoot(registry)
        try root.validate()
        let app = try root.makeApplicationScope()
        #expect(try app.resolve(Tracked.self).name == "first second third b1 fake -")
        #expect(try app.resolve(LibraryViewModel.self).selection.bookID == "b1")
    }

    @Test func applicationScopeCanBeBuiltWithOverrides() throws {
        var fakes = Registry()
        fakes.register((any BookService).self, value: FakeBookService())
        let root = CompositionRoot(libraryRegistry())
        #expect(try root.makeApplicationScope(overrides: fakes).resolve((any BookService).self).source == "fake")
        #expect(try root.makeApplicationScope().resolve((any BookService).self).source == "remote")
    }
}

/// A dependency with nothing in it, to give a factory five parameters.
final class EmptyDependency {}
