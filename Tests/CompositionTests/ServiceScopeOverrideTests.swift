import Composition
import Testing

extension ServiceScopeTests {
    @Test func sceneOverrideIsSeenOnlyInsideThatScene() throws {
        var fakes = Registry()
        fakes.register((any BookService).self, lifetime: .application) { FakeBookService(source: "preview") }
        let app = try CompositionRoot(libraryRegistry()).makeApplicationScope()
        defer { app.close() }
        let preview = try app.openScene(named: "preview", overrides: fakes)
        let production = try app.openScene(named: "production")

        let previewModel = try preview.openScreen(named: "Library").resolve(LibraryViewModel.self)
        #expect(previewModel.service.source == "preview")
        #expect(try preview.resolve((any BookService).self) === previewModel.service)
        #expect(try production.openScreen(named: "Library").resolve(LibraryViewModel.self).service.source == "remote")
        #expect(try app.resolve((any BookService).self).source == "remote")
        try preview.validate()
    }

    @Test func overridingAScopeLeavesApplicationServicesAlone() throws {
        // An application-wide service is shared by every scene, so one scene's override must not leak into it.
        var registry = libraryRegistry()
        registry.register(FakeBookService.self, lifetime: .application) { (books: any BookService) in
            FakeBookService(source: "wraps \(books.source)")
        }
        var fakes = Registry()
        fakes.register((any BookService).self, value: FakeBookService(source: "fake"))
        let app = try CompositionRoot(registry).makeApplicationScope()
        defer { app.close() }
        let scene = try app.openScene(named: "scene 1", overrides: fakes)
        #expect(try scene.resolve(FakeBookService.self).source == "wraps remote")
        #expect(try scene.resolve((any BookService).self).source == "fake")
    }

    @Test func featureOverrideReplacesAFeatureService() throws {
        var registry = libraryRegistry()
        registry.register(BookID.self, lifetime: .feature) { BookID(rawValue: "production") }
        var fakes = Registry()
        fakes.register(BookID.self, lifetime: .feature) { BookID(rawValue: "fake") }
        let app = try CompositionRoot(registry).makeApplicationScope()
        defer { app.close() }
        let scene = try app.openScene(named: "scene 1")
        let overridden = try scene.openFeature(named: "basket", overrides: fakes)
        let plain = try scene.openFeature(named: "search")
        #expect(try overridden.openScreen(named: "Basket").resolve(BookID.self).rawValue == "fake")
        #expect(try plain.resolve(BookID.self).rawValue == "production")
    }

    @Test func screenOverrideIsOwnedAndReleasedByTheScreen() throws {
        let log = EventLog()
        var fakes = Registry()
        fakes.register((any NetworkClient).self, lifetime: .application) { StubNetworkClient(log: log) }
        fakes.register((any BookService).self, lifetime: .application, RemoteBookService.init(client:))
        let app = try CompositionRoot(libraryRegistry()).makeApplicationScope()
        defer { app.close() }
        let scene = try app.openScene(named: "scene 1")
        let screen = try scene.openScreen(named: "Library", overrides: fakes)
        weak var client: StubNetworkClient?
        do {
            let model = try screen.resolve(LibraryViewModel.self)
            client = (model.service as? RemoteBookService)?.client as? StubNetworkClient
        }
        #expect(client?.log === log)
        screen.close()
        #expect(client == nil)
        #expect(log.events == ["init NetworkClient", "deinit NetworkClient"])
    }

    @Test func overrideCanFillAMissingRegistrationForOneScope() throws {
        let app = try CompositionRoot(libraryRegistry().removing((any NetworkClient).self)).makeApplicationScope()
        defer { app.close() }
        var fakes = Registry()
        fakes.register((any NetworkClient).self, value: StubNetworkClient())
        fakes.register((any BookService).self, lifetime: .application, RemoteBookService.init(client:))
        let scene = try app.openScene(named: "test", overrides: fakes)
        try scene.validate()
        #expect(try scene.openScreen(named: "Library").resolve(LibraryViewModel.self).service.source == "remote")
        #expect(throws: CompositionError.self) { try app.resolve((any BookService).self) }
    }
}
