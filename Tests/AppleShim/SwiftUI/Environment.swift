#if os(Linux)
/// Mirrors SwiftUI's `@frozen @propertyWrapper struct Environment<Value>`
/// (https://developer.apple.com/documentation/swiftui/environment). Reads a default
/// `EnvironmentValues`: there is no view hierarchy to inherit one from.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    /// Mirrors `init(_ keyPath: KeyPath<EnvironmentValues, Value>)` (…/environment/init(_:)-8slkf).
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// Mirrors `var wrappedValue: Value { get }` (…/environment/wrappedvalue).
    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

/// Mirrors `struct EnvironmentValues` (https://developer.apple.com/documentation/swiftui/environmentvalues).
public struct EnvironmentValues {
    /// Mirrors `var scenePhase: ScenePhase { get set }` (…/environmentvalues/scenephase).
    public var scenePhase: ScenePhase = .active
}

/// Mirrors `enum ScenePhase` (https://developer.apple.com/documentation/swiftui/scenephase).
public enum ScenePhase: Comparable, Hashable, Sendable {
    /// Mirrors `case background`.
    case background
    /// Mirrors `case inactive`.
    case inactive
    /// Mirrors `case active`.
    case active
}
#endif
