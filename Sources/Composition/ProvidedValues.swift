/// Values supplied to a scope as it opens, for keys the registry declares with
/// `provided(_:by:)`: the scene being connected, the identifier of the record a screen shows.
///
/// ```swift
/// let screen = try scene.openScreen(named: "BookRecord", providing: ProvidedValues().with(BookID.self, id))
/// ```
///
/// The scope keeps each value until it closes but does not own it: no teardown runs. A value built
/// by the caller; lives on the main actor.
@MainActor
public struct ProvidedValues {
    struct Item {
        let key: AnyDependencyKey
        let box: AnyObject
    }

    var items: [Item] = []

    /// No values.
    public init() {}

    /// Supplies `value` for the key of type `Value`.
    public mutating func provide<Value>(_ type: Value.Type, _ value: Value) {
        provide(DependencyKey(type), value)
    }

    /// Supplies `value` for `key`.
    public mutating func provide<Value>(_ key: DependencyKey<Value>, _ value: Value) {
        items.removeAll { $0.key == key.erased }
        items.append(Item(key: key.erased, box: Box(value)))
    }

    /// A copy that also supplies `value` for the key of type `Value`.
    public func with<Value>(_ type: Value.Type, _ value: Value) -> ProvidedValues {
        with(DependencyKey(type), value)
    }

    /// A copy that also supplies `value` for `key`.
    public func with<Value>(_ key: DependencyKey<Value>, _ value: Value) -> ProvidedValues {
        var copy = self
        copy.provide(key, value)
        return copy
    }

    /// The keys supplied, in order.
    public var keys: [AnyDependencyKey] { items.map(\.key) }
}
