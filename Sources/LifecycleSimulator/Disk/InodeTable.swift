import Foundation

/// The inodes of a ``DiskTree`` by number: an array indexed by inode number, with a hole where
/// an inode was dropped. The disk hands numbers out in order from 1 and a run creates a few
/// thousand at most, so indexing beats hashing an `Int` on every write and sync.
///
/// Equal tables hold the same inodes under the same numbers (holes do not count). A value,
/// `Sendable`; internal to the simulated disk.
struct InodeTable: Hashable, Sendable {
    private var slots: [DiskTree.Inode?] = []
    /// The number of inodes held.
    private(set) var count = 0

    init() {}

    /// The inode numbered `number`, if held; setting `nil` drops it.
    subscript(number: Int) -> DiskTree.Inode? {
        get { slots.indices.contains(number) ? slots[number] : nil }
        set {
            // Numbers come from the disk's own counter (never negative); a negative one names
            // no inode and is ignored.
            guard number >= 0 else { return }
            let holds = newValue != nil
            if number >= slots.count {
                guard holds else { return }
                if slots.capacity <= number { slots.reserveCapacity(max(16, 2 * number)) }
                // One hole per missing number: almost always none, the new inode taking the next slot.
                while slots.count < number { slots.append(nil) }
                slots.append(newValue)
                count += 1
                return
            }
            // Swapped in place: reading the old slot to test it would copy (retain and release)
            // its data.
            var previous = newValue
            swap(&slots[number], &previous)
            if previous == nil, holds { count += 1 }
            if previous != nil, !holds { count -= 1 }
        }
    }

    /// The data of inode `number`, if held, read in place (the subscript copies the whole inode
    /// out, retaining and releasing it, to read one field).
    func data(of number: Int) -> Data? {
        guard slots.indices.contains(number) else { return nil }
        return slots[number]?.data
    }

    /// One more than the highest number a held inode can have (every number below it has a slot).
    var slotCount: Int { slots.count }

    /// Whether an inode numbered `number` is held (tested in place, without copying it out).
    func contains(_ number: Int) -> Bool {
        slots.indices.contains(number) && slots[number] != nil
    }

    /// Replaces the data of inode `number`, keeping its permissions, in place (the subscript
    /// copies the old inode out and back); creates the inode with `permissions` if not held.
    mutating func replaceData(of number: Int, with data: Data, permissionsIfNew permissions: UInt16) {
        // An assignment through optional chaining yields `()?`: `nil` when the slot is empty.
        if slots.indices.contains(number), (slots[number]?.data = data) != nil { return }
        self[number] = DiskTree.Inode(data: data, permissions: permissions)
    }

    /// Writes `bytes` into the data of inode `number` at `offset`, in place, the data growing
    /// (zero-filled up to `offset`) if it is shorter; creates the inode with `permissions` if not
    /// held.
    mutating func writeBytes(_ bytes: Data, of number: Int, at offset: Int, permissionsIfNew permissions: UInt16) {
        guard number >= 0, offset >= 0 else { return }
        if !contains(number) { self[number] = DiskTree.Inode(data: Data(), permissions: permissions) }
        slots[number]?.data.write(bytes, at: offset)
    }

    /// Cuts the data of inode `number` to `size` bytes, or extends it with zeros, in place;
    /// creates the inode with `permissions` if not held.
    mutating func truncate(_ number: Int, to size: Int, permissionsIfNew permissions: UInt16) {
        guard number >= 0, size >= 0 else { return }
        if !contains(number) { self[number] = DiskTree.Inode(data: Data(), permissions: permissions) }
        slots[number]?.data.count = size
    }

    /// Copies the bytes of inode `number` from `offset` into `buffer`, as many as there are up
    /// to its size; returns how many (0 past the end or for an inode not held).
    func copyBytes(of number: Int, from offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard slots.indices.contains(number), let data = slots[number]?.data else { return 0 }
        return data.copyBytes(to: buffer, fromOffset: offset)
    }

    /// The size of inode `number`'s data, read in place (`nil` for an inode not held).
    func size(of number: Int) -> Int? {
        guard slots.indices.contains(number) else { return nil }
        return slots[number]?.data.count
    }

    /// The total size of every inode's data.
    var totalBytes: Int {
        slots.reduce(0) { $0 + ($1?.data.count ?? 0) }
    }

    /// Drops every inode whose number `isGarbage` accepts.
    mutating func removeAll(where isGarbage: (Int) -> Bool) {
        for number in slots.indices where slots[number] != nil && isGarbage(number) {
            slots[number] = nil
            count -= 1
        }
    }

    static func == (lhs: InodeTable, rhs: InodeTable) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for number in 0..<max(lhs.slots.count, rhs.slots.count) where lhs[number] != rhs[number] { return false }
        return true
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for number in slots.indices {
            if let inode = slots[number] {
                hasher.combine(number)
                hasher.combine(inode)
            }
        }
    }
}
