/// Torn writes: how much of a data write a power loss may leave on the disk.
///
/// A whole-file write (``DiskChange/write(inode:path:data:)``) may be cut after any byte, as a
/// file system that writes the new contents front to back can leave it. A byte-range write
/// (``DiskChange/writeBytes(inode:path:offset:data:)``) is cut only at a sector boundary
/// (``SimulatedDisk/sectorSize``): the disk writes each sector whole, in order, so what lands is
/// the part of the write before some boundary, and no byte outside the write ever changes.
extension DiskChange {
    /// A length this write may be torn to (fewer bytes than it has), the choice made by `pick`
    /// (given a bound, it returns a number below it); `nil` for a change that cannot tear.
    func tornLength(choosing pick: (Int) -> Int) -> Int? {
        switch self {
        case .write(_, _, let data):
            return data.isEmpty ? nil : pick(data.count)
        case let .writeBytes(_, _, offset, data):
            guard !data.isEmpty else { return nil }
            return Self.sectorCut(pick(Self.sectorCutCount(offset: offset, count: data.count)), offset: offset)
        default:
            return nil
        }
    }

    /// The lengths this write may be torn to: every one, or (without `every`) a few that stand
    /// for the rest — none of it, the least, about half and the most short of all of it.
    func tornLengths(every: Bool) -> [Int] {
        switch self {
        case .write(_, _, let data):
            guard !data.isEmpty else { return [] }
            let lengths = every ? Array(0..<data.count) : [0, 1, data.count / 2, data.count - 1]
            return Array(Set(lengths.filter { $0 >= 0 && $0 < data.count })).sorted()
        case let .writeBytes(_, _, offset, data):
            guard !data.isEmpty else { return [] }
            let count = Self.sectorCutCount(offset: offset, count: data.count)
            let choices = every ? Array(0..<count) : [0, 1, count / 2, count - 1]
            return Array(Set(choices.filter { $0 >= 0 && $0 < count }.map { Self.sectorCut($0, offset: offset) })).sorted()
        default:
            return []
        }
    }

    /// How many lengths a byte-range write of `count` bytes at `offset` may be torn to: none of
    /// it, or up to each sector boundary strictly inside it.
    static func sectorCutCount(offset: Int, count: Int) -> Int {
        let sector = SimulatedDisk.sectorSize
        let firstBoundary = (offset / sector + 1) * sector
        let last = offset + count - 1
        return 1 + (last >= firstBoundary ? (last - firstBoundary) / sector + 1 : 0)
    }

    /// The length of the `choice`-th cut of a write at `offset` (0: nothing landed).
    static func sectorCut(_ choice: Int, offset: Int) -> Int {
        guard choice > 0 else { return 0 }
        let sector = SimulatedDisk.sectorSize
        return (offset / sector + 1) * sector - offset + (choice - 1) * sector
    }
}
