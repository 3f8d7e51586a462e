/// The account service's basket records — the server side of the borrowing basket.
///
/// Writes are idempotent whole replacements, and a creation repeated with the same request
/// identifier returns the first record, so neither a retry nor a flush at an awkward moment can
/// double anything. Owned by the composition root; lives on the main actor.
@MainActor
public protocol BasketRepository: AnyObject {
    /// Creates a basket record holding `books` and returns its identifier; a second call with the
    /// same `requestID` returns the same identifier without creating another.
    /// - Throws: ``BasketRepositoryError``; no record was created then (or it is unreachable).
    func createBasket(_ books: [BookID], requestID: String) async throws(BasketRepositoryError) -> BasketID
    /// Replaces the whole content of basket `id`.
    /// - Throws: ``BasketRepositoryError/notFound`` if the record no longer exists; nothing changed.
    func replaceBasket(_ id: BasketID, with books: [BookID]) async throws(BasketRepositoryError)
    /// The content of basket `id`.
    /// - Throws: ``BasketRepositoryError/notFound`` if the record no longer exists.
    func basket(_ id: BasketID) async throws(BasketRepositoryError) -> [BookID]
}

/// Why a basket operation failed.
public enum BasketRepositoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The basket record does not exist (deleted, or from another environment).
    case notFound
    /// The service could not be reached; nothing changed on it.
    case unreachable(String)
    /// The service failed on its side.
    case server(String)

    /// A message for logs.
    public var description: String {
        switch self {
        case .notFound: "The basket record no longer exists."
        case .unreachable(let reason): "The library service is unreachable (\(reason))."
        case .server(let reason): "The library service failed: \(reason)"
        }
    }
}
