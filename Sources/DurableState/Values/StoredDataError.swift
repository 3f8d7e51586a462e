/// Why stored bytes — a document, the preferences file, restoration state — could not be used.
///
/// Loaders never throw these at the app: the file is quarantined (moved aside, never overwritten),
/// the last good copy or the default is used, and the error is reported with the result. A closed
/// enum, `Sendable`; descriptions name versions and sizes, never the data.
public enum StoredDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes do not start with Lifeline's envelope header: random bytes or another format.
    case notAnEnvelope
    /// The file ends before the length its header announces.
    case truncated(expected: Int, actual: Int)
    /// The file is longer than its header announces.
    case trailingBytes(expected: Int, actual: Int)
    /// The checksum does not match: the bytes were damaged.
    case checksumMismatch
    /// The envelope was written by a newer (or unknown) format version.
    case unsupportedFormat(found: Int, supported: Int)
    /// The payload's schema is newer than this build understands.
    case newerSchema(found: Int, supported: Int)
    /// The payload's schema is older and no migration leads from `from` to the next version.
    case missingMigration(from: Int)
    /// The migration from schema `from` failed.
    case migrationFailed(from: Int, reason: String)
    /// The file is larger than the store's limit.
    case oversized(bytes: Int, limit: Int)
    /// The payload does not decode as the expected type.
    case undecodable(reason: String)

    public var description: String {
        switch self {
        case .notAnEnvelope: "The data is not a Lifeline envelope (unknown header)"
        case let .truncated(expected, actual): "The data is truncated: \(actual) of \(expected) bytes"
        case let .trailingBytes(expected, actual): "The data has \(actual - expected) unexpected trailing bytes"
        case .checksumMismatch: "The data is damaged: checksum mismatch"
        case let .unsupportedFormat(found, supported):
            "The envelope format \(found) is not supported (this build reads format \(supported))"
        case let .newerSchema(found, supported):
            "The payload has schema version \(found), newer than this build's \(supported)"
        case .missingMigration(let from): "No migration from schema version \(from)"
        case let .migrationFailed(from, reason): "The migration from schema version \(from) failed: \(reason)"
        case let .oversized(bytes, limit): "The data is \(bytes) bytes, over the limit of \(limit)"
        case .undecodable(let reason): "The payload does not decode: \(reason)"
        }
    }

    /// A description of a decoding failure that names the kind of problem and, for a missing key,
    /// the declared field; never values or coding paths (which may contain dictionary keys).
    static func reason(for error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return String(describing: type(of: error)) }
        switch decoding {
        case .typeMismatch: return "type mismatch"
        case .valueNotFound: return "missing value"
        case .keyNotFound(let key, _): return "missing key '\(key.stringValue)'"
        case .dataCorrupted: return "malformed data"
        @unknown default: return "decoding failed"
        }
    }
}
