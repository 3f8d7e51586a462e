/// Small, non-sensitive values the app keeps on the device between launches.
///
/// Never a secret: the session token lives in the secret store. A `Codable` value owned by
/// ``PreferencesStore``.
public struct DevicePreferences: Codable, Hashable, Sendable {
    /// Whether the student allowed analytics; `nil` until asked.
    public var analyticsConsent: Bool?
    /// The basket record on the account service, once one exists.
    public var basketID: BasketID?
    /// The account last verified, shown while the account service is unreachable.
    public var lastAccount: Account?
    /// Identifiers of the new arrivals fetched by the last refresh.
    public var newArrivals: [BookID]
    /// When new arrivals were last refreshed (seconds since 1970 on the environment clock).
    public var newArrivalsRefreshedAt: Double?

    /// Preferences of a fresh install.
    public init() {
        newArrivals = []
    }
}
