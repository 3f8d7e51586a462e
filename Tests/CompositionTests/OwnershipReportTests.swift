import Composition
import Lifecycle
import Testing

@Suite("OwnershipReport")
@MainActor
struct OwnershipReportTests {
    func registry() -> Registry {
        var registry = Registry()
        registry.register((any NetworkClient).self, lifetime: .application, fileID: "App/Root.swift", line: 1) { StubNetworkClient() }
        registry.register((any BookService).self, lifetime: .application, teardown: { _ in }, fileID: "App/Root.swift", line: 2,
                          RemoteBookService.init(client:))
        registry.register(SceneSelection.self, lifetime: .scene, fileID: "App/Root.swift", line: 3) { SceneSelection() }
        registry.register(LibraryViewModel.self, lifetime: .screen, fileID: "App/Root.swift", line: 4,
                          LibraryViewModel.init(service:selection:))
        registry.register(SelectionFormatter.self, lifetime: .transient, fileID: "App/Root.swift", line: 5,
                          SelectionFormatter.init(selection:))
        return registry
    }

    @Test func textSaysWhoCreatesRetainsAndReleasesEachService() {
        let report = CompositionRoot(registry()).ownershipReport()
        #expect(report.text == """
            Ownership report: 5 services. A closing scope runs teardowns and releases its services in reverse order of creation.

            NetworkClient [application]
              created by: its factory (App/Root.swift:1), no dependencies
              retained by: the application scope; handed to BookService [application]
              released: when the application scope closes (willTerminate, through LifecycleBinding); a kill releases nothing
              teardown: none

            BookService [application]
              created by: its factory (App/Root.swift:2), from NetworkClient [application]
              retained by: the application scope; handed to LibraryViewModel [screen]
              released: when the application scope closes (willTerminate, through LifecycleBinding); a kill releases nothing
              teardown: yes, before release

            SceneSelection [scene]
              created by: its factory (App/Root.swift:3), no dependencies
              retained by: the scene scope of each connected scene (one instance per scene); handed to LibraryViewModel [screen], SelectionFormatter [transient]
              released: when its scene disconnects (didDisconnect, then the scene scope closes)
              teardown: none

            LibraryViewModel [screen]
              created by: its factory (App/Root.swift:4), from BookService [application], SceneSelection [scene]
              retained by: each screen scope (one instance per screen)
              released: when its screen scope closes, or an enclosing scope closes
              teardown: none

            SelectionFormatter [transient]
              created by: its factory (App/Root.swift:5), from SceneSelection [scene]
              retained by: no scope: each resolution creates one, held only by whoever resolved it
              released: when the last holder lets it go
              teardown: none
            """)
    }

    @Test func dotGroupsServicesByLifetime() {
        #expect(CompositionRoot(registry()).ownershipReport().dot == """
            digraph ownership {
              rankdir=LR;
              node [shape=box, fontname="Helvetica"];
              subgraph cluster_application {
                label="application scope";
                "NetworkClient" [label="NetworkClient"];
                "BookService" [label="BookService\\nteardown"];
              }
              subgraph cluster_scene {
                label="scene scope (one per scene)";
                "SceneSelection" [label="SceneSelection"];
              }
              subgraph cluster_screen {
                label="screen scope (one per screen)";
                "LibraryViewModel" [label="LibraryViewModel"];
              }
              subgraph cluster_transient {
                label="transient (held by whoever resolved it)";
                "SelectionFormatter" [label="SelectionFormatter"];
              }
              "BookService" -> "NetworkClient";
              "LibraryViewModel" -> "BookService";
              "LibraryViewModel" -> "SceneSelection";
              "SelectionFormatter" -> "SceneSelection";
            }
            """)
    }

    @Test func dotMarksCaptiveEdgesAndMissingServices() {
        var registry = registry().removing((any NetworkClient).self)
        registry.register(SharedLibraryStore.self, lifetime: .application, SharedLibraryStore.init(selection:))
        let report = CompositionRoot(registry).ownershipReport()
        #expect(report.dot.contains("  \"SharedLibraryStore\" -> \"SceneSelection\" [color=red];"))
        #expect(report.dot.contains("  \"NetworkClient\" [style=dashed, color=red, label=\"NetworkClient\\nnot registered\"];"))
        #expect(report.text.hasSuffix("""
            Problems:
            - Missing registration: nothing is registered for NetworkClient, needed by LibraryViewModel [screen] → BookService [application] → NetworkClient.
            - Captive dependency: SharedLibraryStore [application] → SceneSelection [scene]. SharedLibraryStore lives as long as the application but would keep one scene's SceneSelection after that scene ends and share it with every other scene.
            """))
    }

    @Test func providedAndFixedValuesNameTheirCreator() {
        var registry = Registry()
        registry.provided(BookID.self, by: .scene, fileID: "App/Root.swift", line: 7)
        registry.register((any BookService).self, value: FakeBookService(), fileID: "App/Root.swift", line: 8)
        registry.register(Tracked.self, lifetime: .scene, fileID: "App/Root.swift", line: 9) { (_: LifecycleScene, _: BookID) in
            Tracked("t", log: EventLog())
        }
        let services = CompositionRoot(registry).ownershipReport().services
        #expect(services.map(\.createdBy) == [
            "the code that opens each scene scope, through ProvidedValues (declared at App/Root.swift:7)",
            "the caller of register(_:value:) (App/Root.swift:8); the container never creates it",
            "its factory (App/Root.swift:9), from LifecycleScene [scene], BookID [scene]",
            "the lifecycle runtime; LifecycleBinding supplies the connecting scene to its scene scope",
        ])
        #expect(services[1].retainedBy == "the registry (the same instance in every scope graph built from it)")
        #expect(services[1].released == "never by the container")
    }
}
