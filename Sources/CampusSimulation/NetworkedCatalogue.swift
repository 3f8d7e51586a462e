import CampusLibrary
import LifecycleSimulator

/// The catalogue as the simulated device reaches it: every call waits its round trip on the
/// device's network (``SimulatedRemoteService``), so a search can still be in flight when its
/// window goes away and a launch can still be loading when the student acts. Searches and the
/// new-arrivals shelf may fail or find the catalogue down. Opening the catalogue and looking up
/// books only take time: the embedded catalogue is on the device in production, and the app
/// does not yet survive their failure (it never opens the catalogue again in the same process,
/// and a restored window whose books could not be looked up keeps them unchecked) — gaps for
/// the remote catalogue to close.
///
/// Created by ``CampusIncarnation`` per process over the app's SQLite catalogue on the simulated
/// disk (``CampusIncarnation/localCatalogue(_:)``); lives on the main actor.
@MainActor
final class NetworkedCatalogue: CatalogueService {
    private let base: any CatalogueService
    private let network: SimulatedRemoteService

    init(_ base: any CatalogueService, network: SimulatedRemoteService) {
        self.base = base
        self.network = network
    }

    var searchDebounce: Duration { base.searchDebounce }

    func prepare() async throws(CatalogueError) {
        try await call("prepare", mayFail: false)
        try await base.prepare()
    }

    func search(_ query: String, limit: Int) async throws(CatalogueError) -> [Book] {
        try await call("search")
        return try await base.search(query, limit: limit)
    }

    func books(_ ids: [BookID]) async throws(CatalogueError) -> [BookID: Book] {
        try await call("books", mayFail: false)
        return try await base.books(ids)
    }

    func newArrivals(limit: Int) async throws(CatalogueError) -> [Book] {
        try await call("new arrivals")
        return try await base.newArrivals(limit: limit)
    }

    func purgeCaches() {
        base.purgeCaches()
    }

    private func call(_ operation: String, mayFail: Bool = true) async throws(CatalogueError) {
        do {
            try await network.call(operation, mayFail: mayFail)
        } catch .cancelled {
            throw .unavailable(.cancelled)
        } catch {
            throw .unavailable(.unreachable(error.description))
        }
    }
}
