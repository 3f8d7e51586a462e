import DurableState
import Foundation

/// What a harness of stored bytes (a store's file, a restoration payload) makes of its input: the
/// first byte says what the rest is.
///
/// - Even: the rest is the stored bytes as found, header and checksum included.
/// - Odd: the rest is the payload of a well-formed envelope of schema version `first >> 1`, so
///   that mutations reach the payload's decoding, the migrations and the validation instead of
///   stopping at the checksum.
enum StoredFile {
    static let writtenAt = Date(timeIntervalSince1970: 1_800_000_000)

    static func bytes(from input: Data) -> Data {
        guard let mode = input.first else { return Data() }
        let rest = Data(input.dropFirst())
        guard mode & 1 == 1 else { return rest }
        return StoredEnvelope(schemaVersion: Int(mode >> 1), writtenAt: writtenAt, payload: rest).encoded()
    }

    /// The two seeds of the stored bytes `stored`: as they are (`name`), and as their envelope's
    /// payload (`name-payload`).
    static func seeds(_ name: String, stored: Data) throws -> [String: Data] {
        let envelope = try StoredEnvelope.decode(stored)
        let mode = UInt8(truncatingIfNeeded: envelope.schemaVersion << 1 | 1)
        return [name: Data([0]) + stored, name + "-payload": Data([mode]) + envelope.payload]
    }

    /// ``seeds(_:stored:)`` of each of `stored`.
    static func seeds(_ stored: [String: Data]) throws -> [String: Data] {
        var all: [String: Data] = [:]
        for (name, bytes) in stored { all.merge(try seeds(name, stored: bytes)) { first, _ in first } }
        return all
    }
}
