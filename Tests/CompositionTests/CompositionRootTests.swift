import Composition
import Testing

@Suite("CompositionRoot")
@MainActor
struct CompositionRootTests {
    @Test func validGraphValidates() throws {
        let root = CompositionRoot(libraryRegistry())
        try root.validate()
        #expect(root.problems.isEmpty)
    }

    @Test func missingRegistrationIsReportedWithItsFullPath() {
        var registry = libraryRegistry()
        registry = registry.removing((any NetworkClient).self)
        let error = #expect(throws: CompositionValidationError.self) { try CompositionRoot(registry).validate() }
        #expect(error?.description == """
            The composition graph has 1 problem:
            - Missing registration: nothing is registered for NetworkClient, needed by \
            LibraryViewModel [screen] → BookService [application] → NetworkClient.
            """)
    }

    @Test func cycleIsReportedClosedOnItsFirstService() {
        var registry = Registry()
        registry.register(CycleA.self, lifetime: .application, CycleA.init(b:))
        registry.register(CycleB.self, lifetime: .scene, CycleB.init(a:))
        let problems = CompositionRoot(registry).problems.map(\.description)
        #expect(problems.first == "Dependency cycle: CycleA [application] → CycleB [scene] → CycleA [application].")
    }

    @Test func selfDependencyIsACycle() {
        var registry = Registry()
        registry.register(Tracked.self, lifetime: .transient) { (other: Tracked) in other }
        #expect(CompositionRoot(registry).problems.map(\.description) == [
            "Dependency cycle: Tracked [transient] → Tracked [transient].",
        ])
    }

    @Test func textbookCaptiveDependencyIsCaught() {
        // The prototype kept the selected book in a process-wide object, so two windows showed the
        // same selection: an application service holding scene state.
        var registry = libraryRegistry()
        registry.register(SharedLibraryStore.self, lifetime: .application, SharedLibraryStore.init(selection:))
        let error = #expect(throws: CompositionValidationError.self) { try CompositionRoot(registry).validate() }
        #expect(error?.problems.map(\.description) == [
            "Captive dependency: SharedLibraryStore [application] → SceneSelection [scene]. SharedLibraryStore lives "
                + "as long as the application but would keep one scene's SceneSelection after that scene ends "
                + "and share it with every other scene.",
        ])
    }

    @Test func captiveDependencyThroughATransientShowsTheWholePath() {
        var registry = libraryRegistry()
        registry.register(SelectionFormatter.self, lifetime: .transient, SelectionFormatter.init(selection:))
        registry.register(SharedLibraryStore.self, lifetime: .application) { (formatter: SelectionFormatter) in
            SharedLibraryStore(selection: formatter.selection)
        }
        #expect(CompositionRoot(registry).problems.map(\.description) == [
            "Captive dependency: SharedLibraryStore [application] → SelectionFormatter [transient] → SceneSelection [scene]. "
                + "SharedLibraryStore lives as long as the application but would keep one scene's SceneSelection "
                + "after that scene ends and share it with every other scene.",
        ])
    }

    @Test func screenServiceInASceneServiceIsCaptive() {
        var registry = Registry()
        registry.register(BookID.self, lifetime: .screen) { BookID(rawValue: "b1") }
        registry.register(SceneSelection.self, lifetime: .scene) { (_: BookID) in SceneSelection() }
        #expect(CompositionRoot(registry).problems.map(\.description) == [
            "Captive dependency: SceneSelection [scene] → BookID [screen]. SceneSelection lives as long as a scene "
                + "but would keep one screen's BookID after that screen ends and share it with every other screen.",
        ])
    }

    @Test func duplicateRegistrationNamesBothSites() {
        var registry = Registry()
        registry.register((any BookService).self, lifetime: .application, fileID: "App/Root.swift", line: 10) { FakeBookService() }
        registry.register((any BookService).self, lifetime: .application, fileID: "App/Root.swift", line: 14) { FakeBookService() }
        #expect(CompositionRoot(registry).problems.map(\.description) == [
            "Duplicate registration: BookService is registered 2 times (App/Root.swift:10, App/Root.swift:14); "
                + "the last one is used. Replace a registration with an override instead.",
        ])
    }

    @Test func synchronousFactoryOfAnAsyncServiceIsReported() {
        var registry = Registry()
        registry.registerAsync((any NetworkClient).self, lifetime: .application) { StubNetworkClient() }
        registry.register((any BookService).self, lifetime: .application, RemoteBookService.init(client:))
        #expect(CompositionRoot(registry).problems.map(\.description) == [
            "Async dependency: BookService [application] → NetworkClient [application]. NetworkClient has an async "
                + "factory, so BookService must be registered with registerAsync to await it.",
        ])
    }

    @Test func transientProvidedValueIsReported() {
        var registry = Registry()
        registry.provided(BookID.self, by: .transient)
        #expect(CompositionRoot(registry).problems.map(\.description) == [
            "Invalid provided value: BookID is declared as provided by transient scopes; a provided value belongs "
                + "to an application, scene, feature or screen scope.",
        ])
    }

    @Test func everyProblemIsListedInAStableOrder() {
        var registry = Registry()
        registry.register(SharedLibraryStore.self, lifetime: .application, SharedLibraryStore.init(selection:))
        registry.register(SceneSelection.self, lifetime: .scene) { SceneSelection() }
        registry.register(CycleA.self, lifetime: .application, CycleA.init(b:))
        registry.register(CycleB.self, lifetime: .application, CycleB.init(a:))
        registry.register((any BookService).self, lifetime: .application, RemoteBookService.init(client:))
        let error = #expect(throws: CompositionValidationError.self) { try CompositionRoot(registry).validate() }
        #expect(error?.description == """
            The composition graph has 3 problems:
            - Missing registration: nothing is registered for NetworkClient, needed by BookService [application] → NetworkClient.
            - Dependency cycle: CycleA [application] → CycleB [application] → CycleA [application].
            - Captive dependency: SharedLibraryStore [application] → SceneSelection [scene]. SharedLibraryStore lives \
            as long as the application but would keep one scene's SceneSelection after that scene ends and share it \
            with every other scene.
            """)
    }

    @Test func validationAndReportCreateNothing() throws {
        let calls = EventLog()
        var registry = Registry()
        registry.register((any NetworkClient).self, lifetime: .application) { () -> any NetworkClient in
            calls.record("network")
            return StubNetworkClient()
        }
        registry.register(SharedLibraryStore.self, lifetime: .application) { (selection: SceneSelection) in
            calls.record("store")
            return SharedLibraryStore(selection: selection)
        }
        let root = CompositionRoot(registry)
        _ = root.problems
        _ = root.ownershipReport().text
        _ = root.ownershipReport().dot
        #expect(calls.events.isEmpty)
    }

    @Test func eachApplicationScopeIsAFreshGraph() throws {
        let root = CompositionRoot(libraryRegistry())
        let first = try root.makeApplicationScope()
        let second = try root.makeApplicationScope()
        let firstService = try first.resolve((any BookService).self)
        #expect(try first.resolve((any BookService).self) === firstService)
        #expect(try second.resolve((any BookService).self) !== firstService)
    }

    @Test func applicationOverridesLeaveProductionUntouched() throws {
        let production = CompositionRoot(libraryRegistry())
        var fakes = Registry()
        fakes.register((any BookService).self, value: FakeBookService())
        let testRoot = production.overriding(fakes)
        #expect(try testRoot.makeApplicationScope().resolve((any BookService).self).source == "fake")
        #expect(try production.makeApplicationScope().resolve((any BookService).self).source == "remote")
        #expect(production.registry.registeredKeys.count == 4)
    }

    @Test func overrideCanSupplyAMissingRegistration() throws {
        let partial = CompositionRoot(libraryRegistry().removing((any NetworkClient).self))
        #expect(!partial.problems.isEmpty)
        var fakes = Registry()
        fakes.register((any NetworkClient).self, lifetime: .application) { StubNetworkClient() }
        try partial.overriding(fakes).validate()
    }

    @Test func makingAnApplicationScopeWithAnUndeclaredValueFails() {
        let root = CompositionRoot(libraryRegistry())
        let error = #expect(throws: CompositionError.self) {
            try root.makeApplicationScope(providing: ProvidedValues().with(BookID.self, BookID(rawValue: "b1")))
        }
        #expect(error?.description == "Undeclared provided value: BookID was supplied to the application scope "
            + "\"application\", but the registry does not declare it with `provided(_:by: .application)`; no scope was opened.")
    }
}
