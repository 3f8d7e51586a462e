/// A usage event. Cases carry no user data: no search text, note text, book or account
/// identifiers, so nothing personal can leave through analytics even after consent.
public enum AnalyticsEvent: String, Hashable, Codable, Sendable, CaseIterable {
    /// A search returned results.
    case searched
    /// A book record was opened.
    case openedBook
    /// A note was saved.
    case savedNote
    /// A book was added to the basket.
    case addedToBasket
    /// A window was opened.
    case openedWindow
    /// A deep link was followed.
    case followedLink
}
