/// A scene's navigation as an array of values (a stack of routes), so that it can be stored,
/// restored and compared. A `Codable` value owned by the scene's view model.
public struct NavigationState<Route: Hashable & Codable & Sendable>: Hashable, Codable, Sendable {
    /// The routes from the root screen (excluded) to the top.
    public var path: [Route]

    /// Creates a navigation state.
    public init(path: [Route] = []) {
        self.path = path
    }

    /// The top route, or `nil` at the root.
    public var top: Route? { path.last }

    /// Pushes `route`.
    public mutating func push(_ route: Route) {
        path.append(route)
    }

    /// Pops the top route; does nothing at the root.
    public mutating func pop() {
        _ = path.popLast()
    }

    /// Goes back to the root.
    public mutating func popToRoot() {
        path.removeAll()
    }

    /// The path cut at the first route `isValid` rejects: restored paths are untrusted, and a
    /// stale route (and everything pushed above it) is dropped, keeping the routes below it.
    public func validated(_ isValid: (Route) -> Bool) -> NavigationState {
        NavigationState(path: Array(path.prefix { isValid($0) }))
    }
}
