/// One service on a dependency path, with its lifetime: paths in problems and errors are lists of
/// steps, shown as `LibraryViewModel [screen] → BookService [application] → NetworkClient`.
/// A `Sendable` value.
public struct ResolutionStep: Hashable, Sendable, CustomStringConvertible {
    /// The service's key.
    public let key: AnyDependencyKey
    /// Its lifetime; `nil` when nothing is registered under the key.
    public let lifetime: Lifetime?

    /// Creates a step.
    public init(key: AnyDependencyKey, lifetime: Lifetime?) {
        self.key = key
        self.lifetime = lifetime
    }

    /// `BookService [application]`, or the bare key when nothing is registered for it.
    public var description: String {
        guard let lifetime else { return key.description }
        return "\(key) [\(lifetime)]"
    }
}

extension Array where Element == ResolutionStep {
    /// The steps joined with arrows: `A [application] → B [scene]`.
    var rendered: String { map(\.description).joined(separator: " → ") }
}
