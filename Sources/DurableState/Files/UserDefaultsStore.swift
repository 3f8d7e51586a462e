import Foundation

/// ``KeyValueStoring`` through `UserDefaults` itself.
///
/// A reference to a `UserDefaults` domain; `Sendable` as `UserDefaults` is (it is thread-safe).
/// Made by the app's composition root on a device.
public final class UserDefaultsStore: KeyValueStoring {
    // Safe because: UserDefaults is documented as thread-safe; the reference never changes.
    nonisolated(unsafe) private let defaults: UserDefaults

    /// The store over `defaults` (`UserDefaults.standard` by default).
    public init(_ defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    /// The store of the suite named `suiteName` (an app group's, say), or `nil` if it cannot be opened.
    public convenience init?(suiteName: String) {
        guard let defaults = UserDefaults(suiteName: suiteName) else { return nil }
        self.init(defaults)
    }

    public func containsValue(forKey key: String) -> Bool { defaults.object(forKey: key) != nil }
    public func string(forKey key: String) -> String? { defaults.string(forKey: key) }
    public func integer(forKey key: String) -> Int { defaults.integer(forKey: key) }
    public func double(forKey key: String) -> Double { defaults.double(forKey: key) }
    public func bool(forKey key: String) -> Bool { defaults.bool(forKey: key) }
    public func data(forKey key: String) -> Data? { defaults.data(forKey: key) }
    public func stringArray(forKey key: String) -> [String]? { defaults.stringArray(forKey: key) }
    public func set(_ value: String, forKey key: String) { defaults.set(value, forKey: key) }
    public func set(_ value: Int, forKey key: String) { defaults.set(value, forKey: key) }
    public func set(_ value: Double, forKey key: String) { defaults.set(value, forKey: key) }
    public func set(_ value: Bool, forKey key: String) { defaults.set(value, forKey: key) }
    public func set(_ value: Data, forKey key: String) { defaults.set(value, forKey: key) }
    public func set(_ value: [String], forKey key: String) { defaults.set(value, forKey: key) }
    public func removeObject(forKey key: String) { defaults.removeObject(forKey: key) }
}
