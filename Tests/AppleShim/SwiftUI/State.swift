#if os(Linux)
/// Mirrors SwiftUI's `protocol DynamicProperty` (https://developer.apple.com/documentation/swiftui/dynamicproperty).
public protocol DynamicProperty {
    /// Mirrors `mutating func update()` (…/dynamicproperty/update()), which has a default.
    mutating func update()
}

extension DynamicProperty {
    /// Does nothing, as SwiftUI's default does.
    public mutating func update() {}
}

/// Mirrors `@frozen @propertyWrapper struct State<Value>` (https://developer.apple.com/documentation/swiftui/state).
/// Keeps its value in a box, so that `nonmutating set` works as in SwiftUI; nothing observes it.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private let box: Box

    /// Mirrors `init(initialValue value: Value)` (…/state/init(initialvalue:)).
    public init(initialValue value: Value) {
        box = Box(value)
    }

    /// Mirrors `init(wrappedValue value: Value)` (…/state/init(wrappedvalue:)).
    public init(wrappedValue value: Value) {
        self.init(initialValue: value)
    }

    /// Mirrors `var wrappedValue: Value { get nonmutating set }` (…/state/wrappedvalue).
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// Mirrors `var projectedValue: Binding<Value> { get }` (…/state/projectedvalue).
    public var projectedValue: Binding<Value> {
        Binding(get: { box.value }, set: { box.value = $0 })
    }

    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
}

/// Mirrors `@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>`
/// (https://developer.apple.com/documentation/swiftui/binding).
@propertyWrapper
public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    /// Mirrors `init(get: @escaping () -> Value, set: @escaping (Value) -> Void)` (…/binding/init(get:set:)-6g3d5).
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// Mirrors `var wrappedValue: Value { get nonmutating set }` (…/binding/wrappedvalue).
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}
#endif
