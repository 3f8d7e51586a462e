import Lifecycle

/// Why a catalogue operation failed. The catalogue is left as it was; nothing the student wrote
/// depends on it. Descriptions never contain the search text.
///
/// Only ``unavailable(_:)``, ``notLoaded`` and ``suspended`` are transient (``isTransient``): they say nothing
/// about whether a record exists, so nothing that refers to one may be dropped because of them.
public enum CatalogueError: Error, Equatable, Sendable, CustomStringConvertible, TransientError {
    /// The catalogue has not finished loading.
    case notLoaded
    /// The database is suspended while the app is in the background (it holds no lock then):
    /// asked again once the app is back in the foreground, it answers.
    case suspended
    /// The database failed (SQLite result code and message).
    case database(code: Int32, message: String)
    /// The bundled catalogue could not be read or decoded.
    case seed(String)
    /// The remote catalogue could not answer; nothing is known about the records asked for.
    case unavailable(RemoteCatalogueFailure)

    /// A message for logs and the interface.
    public var description: String {
        switch self {
        case .notLoaded: "The catalogue is still loading."
        case .suspended: "The catalogue is closed while the app is in the background."
        case let .database(code, message): "The catalogue database failed (SQLite \(code): \(message))."
        case .seed(let reason): "The bundled catalogue could not be loaded: \(reason)."
        case .unavailable(let failure): "The remote catalogue could not answer: \(failure)."
        }
    }

    /// Whether the same request may succeed later: true for ``notLoaded``, ``suspended`` and
    /// ``unavailable(_:)``.
    public var isTransient: Bool {
        switch self {
        case .notLoaded, .suspended, .unavailable: true
        case .database, .seed: false
        }
    }
}
