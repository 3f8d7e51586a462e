import DurableState
import Foundation
import Lifecycle
import Observation

/// The "new arrivals" shelf, refreshed in the background (an app-refresh task) or on demand, and
/// kept as identifiers in the preferences so the shelf shows at once on the next launch.
///
/// Created once by the composition root (application lifetime); lives on the main actor.
@Observable
@MainActor
public final class NewArrivalsService {
    /// The identifier of the app-refresh task that refreshes the shelf.
    public static let taskIdentifier = "example.campuslibrary.refresh-new-arrivals"

    /// The shelf's books, newest first (resolved in the catalogue).
    public private(set) var books: [Book] = []
    /// When the shelf was last refreshed.
    public private(set) var refreshedAt: Date?

    @ObservationIgnored private let catalogue: LibraryCatalogue
    @ObservationIgnored private let preferences: Preferences
    @ObservationIgnored private let clock: any LifelineClock
    @ObservationIgnored private let logger: LifelineLogger
    /// Bugs planted on purpose for the simulator (``CampusBug/workAfterExpiration``); empty otherwise.
    @ObservationIgnored package var plantedBugs: Set<CampusBug> = []

    /// Creates the service.
    public init(catalogue: LibraryCatalogue, preferences: Preferences, clock: any LifelineClock, logger: LifelineLogger) {
        self.catalogue = catalogue
        self.preferences = preferences
        self.clock = clock
        self.logger = logger.category("arrivals")
        refreshedAt = preferences[.newArrivalsRefreshedAt]
    }

    /// Shows the stored shelf (after the catalogue has loaded); on the very first launch, when
    /// nothing is stored yet, fills it at once.
    public func restore() async {
        let ids = preferences[.newArrivals]
        guard !ids.isEmpty else {
            if refreshedAt == nil { await refresh() }
            return
        }
        guard let found = try? await catalogue.books(ids) else { return }
        books = ids.compactMap { found[$0] }
    }

    /// Fetches the newest books and stores the shelf.
    /// - Returns: whether the refresh succeeded.
    @discardableResult
    public func refresh(limit: Int = 5) async -> Bool {
        if plantedBugs.contains(.workAfterExpiration) { return await retryingRefresh(limit: limit) }
        do {
            let fetched = try await catalogue.service.newArrivals(limit: limit)
            try Task.checkCancellation()
            books = fetched
            let now = clock.date
            refreshedAt = now
            preferences.set(fetched.map(\.id), for: .newArrivals, logger: logger)
            preferences.set(now, for: .newArrivalsRefreshedAt, logger: logger)
            return true
        } catch {
            logger.info("New arrivals were not refreshed: \(String(describing: error), privacy: .public)")
            return false
        }
    }

    /// The ``CampusBug/workAfterExpiration`` bug: three attempts with `try?`, which turns a
    /// cancellation into a failure like any other, then the shelf stored whatever came of them.
    private func retryingRefresh(limit: Int) async -> Bool {
        var fetched: [Book]?
        for _ in 0..<3 where fetched == nil {
            fetched = try? await catalogue.service.newArrivals(limit: limit)
        }
        books = fetched ?? []
        preferences.set(books.map(\.id), for: .newArrivals, logger: logger)
        return fetched != nil
    }
}
