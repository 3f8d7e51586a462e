@testable import CampusLibrary
import Lifecycle

/// A catalogue whose preparation takes a second on the virtual clock.
@MainActor
final class SlowCatalogue: CatalogueService {
    let base: InMemoryCatalogue
    let clock: any LifelineClock
    let searchDebounce: Duration = .zero

    init(base: InMemoryCatalogue, clock: any LifelineClock) {
        self.base = base
        self.clock = clock
    }

    func prepare() async throws(CatalogueError) {
        do { try await clock.sleep(for: .seconds(1)) } catch { throw .notLoaded }
        try await base.prepare()
    }

    func search(_ query: String, limit: Int) async throws(CatalogueError) -> [Book] {
        try await base.search(query, limit: limit)
    }

    func books(_ ids: [BookID]) async throws(CatalogueError) -> [BookID: Book] {
        try await base.books(ids)
    }

    func newArrivals(limit: Int) async throws(CatalogueError) -> [Book] {
        try await base.newArrivals(limit: limit)
    }

    func purgeCaches() {}
}
