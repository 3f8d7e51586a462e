import Foundation
import Lifecycle

/// Encodes a ``WindowState`` into a versioned, checksummed envelope for the scene session's
/// restoration payload, and decodes one back with every check a piece of untrusted input needs:
/// size, format and schema versions, checksum, identifiers, path length. A namespace.
public enum WindowRestoration {
    /// The envelope format written by this version.
    public static let formatVersion = 1
    /// Payloads larger than this are refused (restoration state must stay small).
    public static let maximumSize = 16 * 1024

    /// Why a restoration payload was refused; the window starts fresh and says so.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The payload is larger than ``WindowRestoration/maximumSize``.
        case tooLarge(Int)
        /// The payload is not an envelope this version can read.
        case unreadable
        /// The envelope is from a newer format or schema.
        case unsupportedVersion(format: Int, schema: Int)
        /// The checksum does not match the content.
        case checksumMismatch
        /// The content is not a valid window state.
        case invalidState

        /// A description for logs (no user data).
        public var description: String {
            switch self {
            case .tooLarge(let size): "restoration payload too large (\(size) bytes)"
            case .unreadable: "restoration payload unreadable"
            case let .unsupportedVersion(format, schema): "restoration payload from a newer version (format \(format), schema \(schema))"
            case .checksumMismatch: "restoration payload checksum mismatch"
            case .invalidState: "restoration payload holds an invalid window state"
            }
        }
    }

    private struct Envelope: Codable {
        var format: Int
        var schema: Int
        var checksum: String
        var payload: Data
    }

    /// The envelope for `state`.
    public static func encode(_ state: WindowState) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding a struct of strings and enums cannot fail; an empty payload restores a fresh window.
        let payload = (try? encoder.encode(state)) ?? Data()
        let envelope = Envelope(
            format: formatVersion, schema: WindowState.schemaVersion, checksum: SHA256.hex(payload), payload: payload
        )
        return (try? encoder.encode(envelope)) ?? Data()
    }

    /// The window state in `data`.
    /// - Throws: ``Failure`` saying why the payload was refused.
    public static func decode(_ data: Data) throws(Failure) -> WindowState {
        guard data.count <= maximumSize else { throw .tooLarge(data.count) }
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: data)
        } catch {
            throw .unreadable
        }
        guard envelope.format <= formatVersion, envelope.schema <= WindowState.schemaVersion else {
            throw .unsupportedVersion(format: envelope.format, schema: envelope.schema)
        }
        guard SHA256.hex(envelope.payload) == envelope.checksum else { throw .checksumMismatch }
        let state: WindowState
        do {
            state = try JSONDecoder().decode(WindowState.self, from: envelope.payload)
        } catch {
            throw .invalidState
        }
        guard state.navigation.path.count <= WindowState.maximumPathLength, state.query.count <= 200 else {
            throw .invalidState
        }
        return state
    }
}
