/// The account service's basket records — the server side of the borrowing basket.
///
/// Writes are idempotent whole replacements, so a retry or a flush at an awkward moment can never
/// double a book. Owned by the composition root; lives on the main actor.
@MainActor
public protocol BasketRepository: AnyObject {
    /// Creates an empty basket record and returns its identifier.
    /// - Throws: ``BasketRepositoryError``; no record was created then (or it is unreachable).
    func createBasket() async throws(BasketRepositoryError) -> BasketID
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
