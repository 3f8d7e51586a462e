/// The explicit loading state of a view model's value: idle, loading, loaded, or one of three
/// outcomes without a value that mean different things to the app.
///
/// ```swift
/// record = LoadState(lookup: result)   // nil → .notFound, a transient error → .unavailable
/// switch record {
/// case .notFound: window.forget(id)                // a definite answer: the record is gone
/// case .unavailable: retryLater()                  // keep the id, try again
/// case .idle, .loading, .loaded, .failed: break
/// }
/// ```
///
/// Render each case deliberately instead of combining `isLoading` / `hasError` flags. Only
/// ``notFound`` is an answer about the value; ``unavailable(_:)`` and ``failed(_:)`` say nothing about
/// whether it exists, so nothing that refers to it (a restored identifier, a basket entry, a link)
/// may be dropped because of them. See "A restorable identifier is never dropped because of a
/// transient failure" in DurableState's *Durability promises*.
///
/// A value type, `Sendable` when its value is.
public enum LoadState<Value> {
    /// Nothing requested yet.
    case idle
    /// A request is in flight.
    case loading
    /// The value arrived.
    case loaded(Value)
    /// The source answered that there is no such value: a definite answer, so what refers to the
    /// value may be dropped (with a recovery message where the user would miss it).
    case notFound
    /// The source could not answer now (offline, a timeout, an overloaded server): retry later, and
    /// keep everything that refers to the value.
    case unavailable(any Error)
    /// The request failed for another reason (damaged local data, a bug); not an answer either.
    case failed(any Error)

    /// Creates the state that a finished request leaves behind: a failure whose error says it is
    /// transient (a ``TransientError``) becomes ``unavailable(_:)``, any other failure ``failed(_:)``.
    public init(_ result: Result<Value, any Error>) {
        switch result {
        case .success(let value): self = .loaded(value)
        case .failure(let error): self.init(failure: error)
        }
    }

    /// Creates the state that a finished lookup leaves behind: `nil` is ``notFound``; failures as
    /// in ``init(_:)``.
    public init(lookup result: Result<Value?, any Error>) {
        switch result {
        case .success(let value?): self = .loaded(value)
        case .success(nil): self = .notFound
        case .failure(let error): self.init(failure: error)
        }
    }

    /// ``unavailable(_:)`` for a transient `error`, ``failed(_:)`` for any other.
    public init(failure error: any Error) {
        self = (error as? any TransientError)?.isTransient == true ? .unavailable(error) : .failed(error)
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

    /// Whether the source answered that there is no such value.
    public var isNotFound: Bool {
        if case .notFound = self { return true }
        return false
    }

    /// Whether the source could not answer now; the request should be retried.
    public var isUnavailable: Bool {
        if case .unavailable = self { return true }
        return false
    }

    /// The failure of ``unavailable(_:)`` or ``failed(_:)``, if any.
    public var error: (any Error)? {
        switch self {
        case .unavailable(let error), .failed(let error): error
        case .idle, .loading, .loaded, .notFound: nil
        }
    }

    /// The same state with the loaded value transformed.
    public func map<Other>(_ transform: (Value) -> Other) -> LoadState<Other> {
        switch self {
        case .idle: .idle
        case .loading: .loading
        case .loaded(let value): .loaded(transform(value))
        case .notFound: .notFound
        case .unavailable(let error): .unavailable(error)
        case .failed(let error): .failed(error)
        }
    }
}

extension LoadState: Sendable where Value: Sendable {}
