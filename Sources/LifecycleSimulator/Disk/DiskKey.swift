import Foundation
import Lifecycle

/// A path as a key of a ``DiskTree``'s tables: the path with a digest of its bytes computed
/// once, so a lookup hashes one word instead of the whole path (paths are ~40 bytes and one
/// durable save looks a dozen of them up). A key is a byte prefix of a text, so that the key of
/// a path's parent directory shares the path's storage instead of copying it.
///
/// Two keys are equal when their paths have the same bytes, like names on a POSIX file system.
/// A value, `Sendable`.
struct DiskKey: Hashable, Sendable {
    /// The text whose first ``length`` bytes are the path (normalised by the caller).
    private let storage: String
    /// The path's length in UTF-8 bytes.
    private let length: Int
    /// A digest of the path's bytes; only ever fed to `Hasher` and compared, never shown.
    private let digest: UInt64

    init(_ path: String) {
        self.init(prefixOf: path, length: path.utf8.count)
    }

    private init(prefixOf storage: String, length: Int) {
        self.storage = storage
        self.length = length
        digest = DiskPath.withBytes(of: storage) { Self.digest(of: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0[..<length]))) }
    }

    /// The key of the directory holding this path (`/` for a top-level name), sharing its text.
    var parent: DiskKey {
        let parentLength = DiskPath.withBytes(of: storage) { DiskPath.parentLength(of: UnsafeBufferPointer(rebasing: $0[..<length])) }
        guard let parentLength else { return DiskKey("/") }
        return DiskKey(prefixOf: storage, length: parentLength)
    }

    /// The path as a `String` (for listings, images and errors, not lookups).
    var text: String {
        if length == storage.utf8.count { return storage }
        return DiskPath.withBytes(of: storage) { String(decoding: UnsafeBufferPointer(rebasing: $0[..<length]), as: UTF8.self) }
    }

    static func == (lhs: DiskKey, rhs: DiskKey) -> Bool {
        guard lhs.digest == rhs.digest, lhs.length == rhs.length else { return false }
        return DiskPath.withBytes(of: lhs.storage) { left in
            DiskPath.withBytes(of: rhs.storage) { right in
                guard let left = left.baseAddress, let right = right.baseAddress else { return lhs.length == 0 }
                return memcmp(left, right, lhs.length) == 0
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    /// The hash dictionaries place the key by: the digest mixed with the table's seed, without a
    /// `Hasher` run (a durable save looks about thirty paths up).
    func _rawHashValue(seed: Int) -> Int {
        DigestHashing.rawHashValue(of: digest, seed: seed)
    }

    /// Mixes the bytes eight at a time (a multiply and a shift per word), then the tail byte by
    /// byte. Not a published hash: `Hasher` mixes the result again with its per-process seed.
    private static func digest(of bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= bytes.count {
            // Safe because `offset + 8 <= bytes.count`: the eight bytes lie inside the buffer.
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            offset += 8
        }
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3
            offset += 1
        }
        return hash
    }
}
