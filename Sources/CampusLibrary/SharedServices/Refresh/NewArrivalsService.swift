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
    /// Where two planted bugs keep the shelf (``CampusBug/lockedShelfReadAsEmpty``,
    /// ``CampusBug/lockedShelfWriteLost``) instead of the preferences; `nil` otherwise.
    @ObservationIgnored var shelfFile: PlantedShelfFile?
    /// The writes of ``shelfFile`` in this process, each with what the read before it found,
    /// oldest first (for the simulator's *nothing saved over unread data*); empty without it.
    @ObservationIgnored package private(set) var shelfWrites: [(path: String, lastLoad: LoadOutcome)] = []
    /// What the last read of ``shelfFile`` found.
    @ObservationIgnored private var shelfLoad = LoadOutcome.loaded

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
        let ids = readPlantedShelf() ?? preferences[.newArrivals]
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
            if let shelfFile { return await storeInPlantedFile(shelfFile, fetched: fetched, limit: limit) }
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

    /// The shelf of ``CampusBug/lockedShelfReadAsEmpty`` and ``CampusBug/lockedShelfWriteLost``:
    /// what was fetched, then the stored shelf's older arrivals (read as none when the file
    /// cannot be read now), at most twice `limit`; a write the file refuses is given up.
    private func storeInPlantedFile(_ file: PlantedShelfFile, fetched: [Book], limit: Int) async -> Bool {
        let fetchedIDs = fetched.map(\.id)
        let stored = readPlantedShelf() ?? []
        let shelf = Array((fetchedIDs + stored.filter { !fetchedIDs.contains($0) }).prefix(2 * limit))
        do {
            try file.write(shelf)
            shelfWrites.append((file.path, shelfLoad))
        } catch {
            logger.info("The shelf was not stored: \(String(describing: error), privacy: .public)")
            return false
        }
        if let found = try? await catalogue.books(shelf) { books = shelf.compactMap { found[$0] } }
        refreshedAt = clock.date
        return true
    }

    /// The planted shelf file's shelf (none without one), its outcome kept for ``shelfWrites``.
    private func readPlantedShelf() -> [BookID]? {
        guard let shelfFile else { return nil }
        let read = shelfFile.read()
        shelfLoad = read.outcome
        return read.shelf
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
