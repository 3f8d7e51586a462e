import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator

extension CampusIncarnation {
    /// Campus Library as the simulator explores it: its composition root, the student's actions,
    /// the app invariants, its deep links, the restoration damage it must survive (a newer
    /// schema, a book withdrawn from the catalogue), its two catalogues, one per run (the variants
    /// `bundled catalogue` and `remote catalogue`), the reading list's database check and the
    /// device's disk with the catalogue built.
    public static var app: SimulatedApp<CampusIncarnation> { app(bugs: []) }

    /// Campus Library with `bugs` planted, named `CampusLibrary[bug,…]` in reports and repro files,
    /// its runs spread over `variants` (a subset of ``variants``).
    package static func app(bugs: Set<CampusBug>, variants: [String] = variants) -> SimulatedApp<CampusIncarnation> {
        let name = bugs.isEmpty ? "CampusLibrary" : "CampusLibrary[\(bugs.sorted().map(\.rawValue).joined(separator: ","))]"
        var app = SimulatedApp<CampusIncarnation>(name: name) { environment in
            do {
                return try CampusIncarnation(environment: environment, bugs: bugs)
            } catch {
                environment.reportCrash("the composition failed: \(error)")
                preconditionFailure("unreachable: the composition graph is validated by AppCompositionGraphTests")
            }
        }
        app.actions = actions
        app.invariants = invariants
        // The library service's records stand for its server's disk, not the phone's.
        app.offDeviceDirectories = [dataDirectory + "/server"]
        // Its stores choose protection classes: the device locks, reboots and prewarms it.
        app.locksDevice = true
        // Intact, opened by the app's own migrations (with `bugs` planted), every entry agreeing with its log.
        app.databases = [
            DatabaseCheck(name: "reading list", path: dataDirectory + "/" + ReadingListStore.fileName, open: { database in
                try ReadingListStore.prepare(database, bugs: bugs)
            }, consistency: ReadingListStore.consistencyQueries),
        ]
        app.initialDisk = deviceImage
        app.variants = variants
        let linked = browsedBooks.dropFirst().prefix(2).map(\.id)
        app.links = linked.compactMap { AppLinks.url(for: $0) } + linked.compactMap { AppLinks.url(for: $0, newWindow: true) }
            + [URL(string: "campuslibrary://book/no-such-book"), URL(string: "https://campuslibrary.example/basket")].compactMap { $0 }
            // A book only the remote catalogue knows (in the bundled variant, a book not in the catalogue).
            + SimulatedOpenLibrary.works.prefix(1).compactMap { AppLinks.url(for: $0.id) }
        app.restorationMutations = [
            .editing("withdrawn book", WindowState.restoration) { state, _ in
                guard let withdrawn = BookID("withdrawn-book") else { return }
                state.selection = withdrawn
                state.navigation.push(.book(withdrawn))
            },
            .newerSchema(WindowState.restoration),
        ]
        return app
    }
}
