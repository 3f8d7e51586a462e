/// The explicit loading state of a view model's value: idle, loading, loaded or failed.
///
/// Render each case deliberately instead of combining `isLoading` / `hasError` flags. A value type,
/// `Sendable` when its value is.
public enum LoadState<Value> {
    /// Nothing requested yet.
    case idle
    /// A request is in flight.
    case loading
    /// The value arrived.
    case loaded(Value)
    /// The request failed; the error says why.
    case failed(any Error)

    /// Creates the state that a finished request leaves behind.
    public init(_ result: Result<Value, any Error>) {
        switch result {
        case .success(let value): self = .loaded(value)
        case .failure(let error): self = .failed(error)
        }
    }

    /// The loaded value, if any.
    public var value: Value? {
        if case .loaded(let value) = self { return value }
        return nil
    }

    /// Whether a request is in flight.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// The failure, if any.
    public var error: (any Error)? {
        if case .failed(let error) = self { return error }
        return nil
    }

    /// The same state with the loaded value transformed.
    public func map<Other>(_ transform: (Value) -> Other) -> LoadState<Other> {
        switch self {
        case .idle: .idle
        case .loading: .loading
        case .loaded(let value): .loaded(transform(value))
        case .failed(let error): .failed(error)
        }
    }
}

extension LoadState: Sendable where Value: Sendable {}
