@testable import CampusLibrary
import Lifecycle

/// A catalogue whose searches take 200 ms on the clock it is given.
@MainActor
final class SlowSearchCatalogue: CatalogueService {
    let base: InMemoryCatalogue
    var clock: any LifelineClock
    let searchDebounce: Duration = .zero

    init(base: InMemoryCatalogue, clock: any LifelineClock) {
        self.base = base
        self.clock = clock
    }

    func prepare() async throws(CatalogueError) { try await base.prepare() }

    func search(_ query: String, limit: Int) async throws(CatalogueError) -> [Book] {
        do { try await clock.sleep(for: .milliseconds(200)) } catch { throw .notLoaded }
        return try await base.search(query, limit: limit)
    }

    func books(_ ids: [BookID]) async throws(CatalogueError) -> [BookID: Book] { try await base.books(ids) }

    func newArrivals(limit: Int) async throws(CatalogueError) -> [Book] { try await base.newArrivals(limit: limit) }

    func purgeCaches() {}
}
