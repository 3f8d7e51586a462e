import DurableState
import Foundation
import Lifecycle

/// The app's small, non-sensitive preferences: typed keys of DurableState's `Preferences`
/// (one durable file). Never a secret: the session token lives in the secret store.
extension PreferenceKey where Value == Bool? {
    /// Whether the student allowed analytics; `nil` until asked.
    public static var analyticsConsent: PreferenceKey<Bool?> { PreferenceKey("analytics.consent", default: nil) }
}

extension PreferenceKey where Value == Account? {
    /// The account last verified, shown while the account service is unreachable.
    public static var lastAccount: PreferenceKey<Account?> { PreferenceKey("auth.lastAccount", default: nil) }
}

extension PreferenceKey where Value == [BookID] {
    /// Identifiers of the new arrivals fetched by the last refresh.
    public static var newArrivals: PreferenceKey<[BookID]> { PreferenceKey("arrivals.books", default: []) }
}

extension PreferenceKey where Value == Date? {
    /// When new arrivals were last refreshed (the environment clock's date).
    public static var newArrivalsRefreshedAt: PreferenceKey<Date?> { PreferenceKey("arrivals.refreshedAt", default: nil) }
}

extension Preferences {
    /// Stores `value` for `key`; a failure is logged (without the value) and reported as `false`:
    /// the app keeps working with the previous value.
    @discardableResult
    func set<Value>(_ value: Value, for key: PreferenceKey<Value>, logger: LifelineLogger) -> Bool {
        do {
            try set(value, for: key)
            return true
        } catch {
            logger.error("Preference '\(key.name, privacy: .public)' could not be saved: \(error.description, privacy: .public)")
            return false
        }
    }
}
