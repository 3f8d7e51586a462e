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
    /// A digest of the path's bytes; only ever fed to `Hasher`, compared and used to place the
    /// key in a ``PathTable``, never shown.
    let digest: UInt64

    init(_ path: String) {
        self.init(prefixOf: path, length: path.utf8.count)
    }

    /// The key of `path` if it is already normalised (see ``DiskPath/isNormalized(_:)``): the
    /// test and the digest in one pass over its bytes; `nil` if it is not.
    init?(ifNormalized path: String) {
        guard let digest = DiskPath.withBytes(of: path, { Self.digestIfNormalized(of: UnsafeRawBufferPointer($0)) }) else { return nil }
        storage = path
        length = path.utf8.count
        self.digest = digest
    }

    /// The normalised form of `path` (see ``DiskPath/normalized(_:)``) and its key; one pass over
    /// the bytes when the path is normalised already (every call of the apps is).
    static func normalizing(_ path: String) -> (path: String, key: DiskKey) {
        if let key = DiskKey(ifNormalized: path) { return (path, key) }
        let normalized = DiskPath.normalized(path)
        return (normalized, DiskKey(normalized))
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

    /// Runs `body` on the path's UTF-8 bytes, in place for a native string.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        DiskPath.withBytes(of: storage) { body(UnsafeBufferPointer(rebasing: $0[..<length])) }
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

    /// ``digest(of:)`` of a path, or `nil` if the path is not normalised: it must be `/` alone,
    /// or start with a slash, not end with one and hold no two slashes in a row. The slashes are
    /// found a word at a time, alongside the mixing.
    private static func digestIfNormalized(of bytes: UnsafeRawBufferPointer) -> UInt64? {
        let slash = UInt8(ascii: "/")
        guard bytes.count > 1 else { return bytes.count == 1 && bytes[0] == slash ? digest(of: bytes) : nil }
        guard bytes[0] == slash, bytes[bytes.count - 1] != slash else { return nil }
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        // Whether the byte before `offset` is a slash.
        var afterSlash = false
        while offset + 8 <= bytes.count {
            // Safe because `offset + 8 <= bytes.count`: the eight bytes lie inside the buffer.
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            // Byte lanes in memory order (lane 0 lowest), whatever the machine's byte order.
            let slashes = slashLanes(of: UInt64(littleEndian: word))
            // A slash lane followed by a slash lane, inside the word or across the previous one.
            if slashes & (slashes << 8) != 0 || (afterSlash && slashes & 0x80 != 0) { return nil }
            afterSlash = slashes >> 63 != 0
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            offset += 8
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == slash, afterSlash { return nil }
            afterSlash = byte == slash
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            offset += 1
        }
        return hash
    }

    /// The high bit (0x80) of each byte lane of `word` that holds a slash, every other bit clear.
    /// Exact: a lane's sum below stays under 0x100, so no carry crosses into the next lane.
    private static func slashLanes(of word: UInt64) -> UInt64 {
        let low = UInt64(0x7F7F_7F7F_7F7F_7F7F)
        let difference = word ^ 0x2F2F_2F2F_2F2F_2F2F  // zero exactly in the lanes holding "/"
        let nonzero = ((difference & low) &+ low) | difference
        return ~nonzero & 0x8080_8080_8080_8080
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
