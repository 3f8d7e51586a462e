/// One value in user defaults, the way SwiftUI's `@AppStorage` keeps it: read from the store on
/// every access, its default while nothing is stored, written to the store on every set.
///
/// ```swift
/// let theme = AppStorageValue("theme", default: "system", store: defaults)   // any KeyValueStoring
/// theme.value = "dark"
/// ```
///
/// It promises what the store promises (``KeyValueStoring``): on iOS, every set survives a kill,
/// and a power loss within about a second of it may take it. A value; read and written from
/// whatever isolation the store allows.
public struct AppStorageValue<Value: AppStorable>: Sendable {
    /// The key in the store.
    public let key: String
    /// What the value reads as while nothing is stored.
    public let defaultValue: Value
    private let store: any KeyValueStoring

    /// The value of `key` in `store`, `defaultValue` while nothing is stored there.
    public init(_ key: String, default defaultValue: Value, store: any KeyValueStoring) {
        self.key = key
        self.defaultValue = defaultValue
        self.store = store
    }

    /// The stored value, or the default; setting it stores it.
    public var value: Value {
        get { Value.read(key, from: store) ?? defaultValue }
        nonmutating set { newValue.write(key, to: store) }
    }
}

/// A value ``AppStorageValue`` can keep: a text, a number, a flag or bytes, as `@AppStorage` can.
public protocol AppStorable: Sendable {
    /// The value stored for `key` in `store`, if one of this type is.
    static func read(_ key: String, from store: any KeyValueStoring) -> Self?
    /// Stores the value for `key` in `store`.
    func write(_ key: String, to store: any KeyValueStoring)
}

extension String: AppStorable {
    /// The text stored for `key`.
    public static func read(_ key: String, from store: any KeyValueStoring) -> String? { store.string(forKey: key) }
    /// Stores the text.
    public func write(_ key: String, to store: any KeyValueStoring) { store.set(self, forKey: key) }
}

extension Int: AppStorable {
    /// The number stored for `key`.
    public static func read(_ key: String, from store: any KeyValueStoring) -> Int? {
        store.containsValue(forKey: key) ? store.integer(forKey: key) : nil
    }
    /// Stores the number.
    public func write(_ key: String, to store: any KeyValueStoring) { store.set(self, forKey: key) }
}

extension Bool: AppStorable {
    /// The flag stored for `key`.
    public static func read(_ key: String, from store: any KeyValueStoring) -> Bool? {
        store.containsValue(forKey: key) ? store.bool(forKey: key) : nil
    }
    /// Stores the flag.
    public func write(_ key: String, to store: any KeyValueStoring) { store.set(self, forKey: key) }
}

extension Double: AppStorable {
    /// The number stored for `key`.
    public static func read(_ key: String, from store: any KeyValueStoring) -> Double? {
        store.containsValue(forKey: key) ? store.double(forKey: key) : nil
    }
    /// Stores the number.
    public func write(_ key: String, to store: any KeyValueStoring) { store.set(self, forKey: key) }
}
