import DurableState
import Lifecycle

/// The application-lifetime services, created once by ``AppComposition`` and handed to features
/// through their initializers. Owns nothing scene-specific: selection and navigation live in each
/// window's ``WindowModel``. Lives on the main actor; dies with the process incarnation.
@MainActor
public final class AppServices {
    /// The clock every timer and timestamp of the app goes through.
    public let clock: any LifelineClock
    /// The root logger.
    public let logger: LifelineLogger
    /// Small device preferences (consent, basket identifier, last account).
    public let preferences: Preferences
    /// The catalogue with its load state and caches.
    public let catalogue: LibraryCatalogue
    /// Notes: one shared draft per book.
    public let notes: NotesRepository
    /// Sign-in and the launch-time session restore.
    public let auth: AuthenticationService
    /// The borrowing basket.
    public let basket: BorrowingBasket
    /// The student's reading list.
    public let readingList: ReadingList
    /// Analytics, collecting only after consent.
    public let analytics: AnalyticsService
    /// The new-arrivals shelf and its background refresh.
    public let arrivals: NewArrivalsService
    /// Deep links to routes.
    public let links: AppLinks
    /// What the student must be told once, above whichever window is on screen.
    public let notices: AppNotices

    /// Groups services built by the composition root.
    public init(
        clock: any LifelineClock, logger: LifelineLogger, preferences: Preferences, catalogue: LibraryCatalogue,
        notes: NotesRepository, auth: AuthenticationService, basket: BorrowingBasket, readingList: ReadingList,
        analytics: AnalyticsService, arrivals: NewArrivalsService, links: AppLinks, notices: AppNotices
    ) {
        self.clock = clock
        self.logger = logger
        self.preferences = preferences
        self.catalogue = catalogue
        self.notes = notes
        self.auth = auth
        self.basket = basket
        self.readingList = readingList
        self.analytics = analytics
        self.arrivals = arrivals
        self.links = links
        self.notices = notices
    }

    /// Saves every pending write now: note drafts and the basket. Called when a window resigns
    /// active, when the app enters the background and before termination.
    public func flushPendingWrites() {
        notes.flushAll()
        basket.flushPendingWrites()
    }
}
