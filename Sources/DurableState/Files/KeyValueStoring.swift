import Foundation

/// Small values an app keeps the way `UserDefaults` keeps them: set by key, read back by type,
/// never an error. Inject it once where the app would use `UserDefaults.standard`.
///
/// ```swift
/// let defaults: any KeyValueStoring = UserDefaultsStore()      // on a device
/// defaults.set(try JSONEncoder().encode(habits), forKey: "habits")
/// let saved = defaults.data(forKey: "habits")
/// ```
///
/// What `UserDefaults` promises, and so what this shape promises (Apple's `UserDefaults`
/// documentation; on iOS the values live in the `cfprefsd` daemon, outside the app's process):
///
/// - A value set is read back at once, by this process and the next one: a **kill** of the app
///   loses nothing, since the daemon holds it.
/// - It is written to disk later, at the system's convenience, and a failure to write is never
///   reported: a **power loss** (or the OS crashing) before that loses it. `synchronize()` is
///   deprecated and does nothing useful.
///
/// DurableState's ``Preferences`` is the stricter store: each set is on disk, synced, when it
/// returns, or it throws. On the lifecycle simulator's device (`SimulationEnvironment.defaults`)
/// the values live in the device, outlive each process, reach the disk a second after the
/// last change, and are lost to a power loss before that; every set and read is reported to the
/// simulation's history under `UserDefaults.<key>`.
///
/// Implementations are `Sendable` and, like `UserDefaults`, may be called from any thread; the
/// simulator's answers calls from the main thread only (elsewhere they are escaped work).
public protocol KeyValueStoring: AnyObject, Sendable {
    /// Whether any value is stored for `key` (`object(forKey:) != nil`).
    func containsValue(forKey key: String) -> Bool
    /// The text stored for `key`, if it is a text.
    func string(forKey key: String) -> String?
    /// The number stored for `key`, 0 if none.
    func integer(forKey key: String) -> Int
    /// The number stored for `key`, 0 if none.
    func double(forKey key: String) -> Double
    /// The flag stored for `key`, `false` if none.
    func bool(forKey key: String) -> Bool
    /// The bytes stored for `key`, if they are bytes.
    func data(forKey key: String) -> Data?
    /// The texts stored for `key`, if they are a list of texts.
    func stringArray(forKey key: String) -> [String]?

    /// Stores `value` for `key`.
    func set(_ value: String, forKey key: String)
    /// Stores `value` for `key`.
    func set(_ value: Int, forKey key: String)
    /// Stores `value` for `key`.
    func set(_ value: Double, forKey key: String)
    /// Stores `value` for `key`.
    func set(_ value: Bool, forKey key: String)
    /// Stores `value` for `key`.
    func set(_ value: Data, forKey key: String)
    /// Stores `value` for `key`.
    func set(_ value: [String], forKey key: String)
    /// Removes the value of `key`.
    func removeObject(forKey key: String)
}
