/// Why a catalogue operation failed. The catalogue is left as it was; nothing the student wrote
/// depends on it. Descriptions never contain the search text.
public enum CatalogueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The catalogue has not finished loading.
    case notLoaded
    /// The database failed (SQLite result code and message).
    case database(code: Int32, message: String)
    /// The bundled catalogue could not be read or decoded.
    case seed(String)
    /// The remote catalogue could not be reached.
    case unreachable(String)
    /// The remote catalogue answered with something that is not a search result.
    case badResponse(String)

    /// A message for logs and the interface.
    public var description: String {
        switch self {
        case .notLoaded: "The catalogue is still loading."
        case let .database(code, message): "The catalogue database failed (SQLite \(code): \(message))."
        case .seed(let reason): "The bundled catalogue could not be loaded: \(reason)."
        case .unreachable(let reason): "The remote catalogue is unreachable: \(reason)."
        case .badResponse(let reason): "The remote catalogue sent an unexpected response: \(reason)."
        }
    }
}
