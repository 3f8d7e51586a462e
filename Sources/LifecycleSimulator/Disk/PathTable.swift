import Foundation

/// The numbers a ``SimulatedDisk`` gives paths: each path named by a call gets a number once
/// (the root is 0), so the trees index arrays by number instead of hashing paths, and the
/// pending log compares numbers (a path's parent directory is looked up, not computed).
///
/// A small hash table placed by the keys' digests (see <doc:Performance>). Numbers are never
/// reused or forgotten: a run names a few dozen paths. A value, `Sendable`; internal to
/// the simulated disk, which keeps one under its lock.
struct PathTable: Sendable {
    /// Path numbers by bucket, -1 where empty (linear probing; at most half full, so every probe
    /// ends at an empty bucket). The count is a power of two.
    private var buckets: [Int]
    /// Each path's digest (see ``DiskKey``), by number.
    private var digests: [UInt64]
    /// Every path's UTF-8 bytes, one after the other in number order: compared in place on a
    /// lookup (comparing stored keys retained and released their texts on every probe).
    private var bytes: [UInt8]
    /// Where each path's bytes start in ``bytes``, by number, and one more entry: the end.
    private var starts: [Int]
    /// Paths by number.
    private(set) var texts: [String]
    /// The number of each path's parent directory, by number (the root's parent is the root).
    private(set) var parents: [Int]

    /// A table with only the root, with room for the paths of a typical schedule.
    init() {
        buckets = Array(repeating: -1, count: 2 * Self.typicalCount)
        digests = []
        digests.reserveCapacity(Self.typicalCount)
        bytes = []
        bytes.reserveCapacity(32 * Self.typicalCount)
        starts = [0]
        starts.reserveCapacity(Self.typicalCount + 1)
        texts = []
        texts.reserveCapacity(Self.typicalCount)
        parents = []
        parents.reserveCapacity(Self.typicalCount)
        add(DiskKey("/"), parent: 0)
    }

    /// About how many paths a schedule of the example app names (a dozen; more in Campus).
    static let typicalCount = 16

    /// The number of `key`'s path if it has one (a lookup that adds nothing: reads).
    func existingNumber(of key: DiskKey) -> Int? {
        let mask = buckets.count - 1
        var bucket = Self.bucket(of: key.digest, mask: mask)
        while true {
            let number = buckets[bucket]
            if number < 0 { return nil }
            if digests[number] == key.digest, holds(key, at: number) { return number }
            bucket = (bucket + 1) & mask
        }
    }

    /// Whether the path numbered `number` has `key`'s bytes.
    private func holds(_ key: DiskKey, at number: Int) -> Bool {
        let start = starts[number]
        let count = starts[number + 1] - start
        return key.withBytes { probe in
            guard probe.count == count else { return false }
            return bytes.withUnsafeBufferPointer { held in
                guard let probe = probe.baseAddress, let held = held.baseAddress else { return count == 0 }
                return memcmp(held + start, probe, count) == 0
            }
        }
    }

    /// The number of `key`'s path (normalised), given on first use along with its parents'.
    mutating func number(of key: DiskKey) -> Int {
        if let number = existingNumber(of: key) { return number }
        let parent = number(of: key.parent)
        return add(key, parent: parent)
    }

    /// The number of `path` (normalised).
    mutating func number(of path: String) -> Int {
        number(of: DiskKey(path))
    }

    /// The path numbered `number`.
    func text(of number: Int) -> String {
        texts[number]
    }

    /// The number of the directory holding the path numbered `number`.
    func parent(of number: Int) -> Int {
        parents[number]
    }

    /// Numbers `key` (not yet held), doubling the buckets first if they would be over half full.
    @discardableResult
    private mutating func add(_ key: DiskKey, parent: Int) -> Int {
        let number = digests.count
        digests.append(key.digest)
        key.withBytes { bytes.append(contentsOf: $0) }
        starts.append(bytes.count)
        texts.append(key.text)
        parents.append(parent)
        if 2 * digests.count > buckets.count {
            buckets = Array(repeating: -1, count: 2 * buckets.count)
            for held in digests.indices { place(held) }
        } else {
            place(number)
        }
        return number
    }

    /// Puts number `number` in the first empty bucket from its key's own.
    private mutating func place(_ number: Int) {
        let mask = buckets.count - 1
        var bucket = Self.bucket(of: digests[number], mask: mask)
        while buckets[bucket] >= 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = number
    }

    /// The bucket a key starts probing at: its digest multiplied by a 64-bit odd constant, its
    /// high half kept (the digest's low bits alone mix little for paths ending in a short tail).
    private static func bucket(of digest: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (digest &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
