import DurableState
import Foundation
@testable import LifecycleSimulator
import Testing

/// The disk's byte-range calls (what the SQLite VFS uses): writes and truncations in place,
/// pending until the file is synced, torn only at sector boundaries.
@Suite("SimulatedDisk byte ranges")
struct SimulatedDiskByteRangeTests {
    /// A disk holding `/f` with `size` bytes of 0xAA, durable, and a view of it.
    func prepared(size: Int = 2_048) throws -> (SimulatedDisk, SimulatedFileSystem) {
        let disk = SimulatedDisk(image: DiskImage(files: ["/f": .init(data: Data(repeating: 0xAA, count: size))]))
        return (disk, disk.mount())
    }

    func bytes(_ view: SimulatedFileSystem, _ path: String, offset: Int, count: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = try buffer.withUnsafeMutableBytes { try view.readBytes(at: path, offset: offset, into: $0) }
        return Array(buffer.prefix(read))
    }

    @Test("a write lands in place, grows the file with zeros, and reads back at once")
    func writeInPlace() throws {
        let (disk, view) = try prepared(size: 8)
        try view.writeBytes(Data([1, 2]), at: "/f", offset: 2)
        try view.writeBytes(Data([9]), at: "/f", offset: 12)
        #expect(try bytes(view, "/f", offset: 0, count: 20) == [0xAA, 0xAA, 1, 2, 0xAA, 0xAA, 0xAA, 0xAA, 0, 0, 0, 0, 9])
        #expect(try view.fileSize(at: "/f") == 13)
        #expect(disk.durableImage.data(at: "/f") == Data(repeating: 0xAA, count: 8), "nothing is durable before the sync")
        try view.syncFile(at: "/f")
        #expect(disk.durableImage.data(at: "/f")?.count == 13)
    }

    @Test("a truncation is pending until the file is synced; a kill keeps it, a power loss may not")
    func truncation() throws {
        let (disk, view) = try prepared(size: 100)
        try view.truncateFile(at: "/f", to: 10)
        #expect(try view.fileSize(at: "/f") == 10)
        #expect(disk.currentImage.data(at: "/f")?.count == 10)
        #expect(disk.durableImage.data(at: "/f")?.count == 100)
        let sizes = try Set(disk.possiblePowerLossImages().map { $0.data(at: "/f")?.count })
        #expect(sizes == [10, 100])
        try view.syncFile(at: "/f")
        #expect(try Set(disk.possiblePowerLossImages().map { $0.data(at: "/f")?.count }) == [10])
    }

    @Test("a torn byte-range write keeps a prefix ending at a sector boundary, never a byte outside it")
    func tornAtSectorBoundaries() throws {
        let (disk, view) = try prepared(size: 2_048)
        // 1,500 bytes from offset 100: boundaries at 512, 1024 and 1536 lie inside it.
        try view.writeBytes(Data(repeating: 0x11, count: 1_500), at: "/f", offset: 100)
        var landed: Set<Int> = []
        for image in try disk.possiblePowerLossImages(everyTornLength: true) {
            let data = try #require(image.data(at: "/f"))
            #expect(data.count == 2_048)
            let written = data.enumerated().filter { $0.element == 0x11 }.map(\.offset)
            #expect(written.first.map { $0 == 100 } ?? true)
            #expect(written.count == (written.last.map { $0 - 99 } ?? 0), "the landed bytes are contiguous from the start")
            #expect(data.prefix(100).allSatisfy { $0 == 0xAA } && data.suffix(448).allSatisfy { $0 == 0xAA })
            landed.insert(written.count)
        }
        #expect(landed == [0, 412, 924, 1_436, 1_500])
        #expect(DiskChange.sectorCutCount(offset: 0, count: 512) == 1, "a write of one whole sector cannot tear")
    }

    @Test("the torn-last-write policy cuts a byte-range write at a sector boundary")
    func tornPolicy() throws {
        var cuts: Set<Int> = []
        for seed in 0..<64 as Range<UInt64> {
            let (disk, view) = try prepared(size: 0)
            try view.writeBytes(Data(repeating: 0x22, count: 4_096), at: "/f", offset: 0)
            cuts.insert(disk.powerLossImage(policy: .tornLastWrite, seed: seed).data(at: "/f")?.count ?? -1)
        }
        #expect(cuts.isSubset(of: Set(stride(from: 0, to: 4_096, by: SimulatedDisk.sectorSize))))
        #expect(cuts.count > 3)
    }

    @Test("opening creates a file whose name is durable after its directory is synced")
    func openCreates() throws {
        let disk = SimulatedDisk()
        let view = disk.mount()
        try view.openFile(at: "/new", create: true, exclusive: false, permissions: 0o600)
        #expect(disk.currentImage.data(at: "/new") == Data())
        #expect(disk.durableImage.data(at: "/new") == nil)
        #expect(throws: FileSystemError.io(path: "/new", operation: "open (exclusive)", code: EEXIST)) {
            try view.openFile(at: "/new", create: true, exclusive: true, permissions: 0o600)
        }
        #expect(throws: FileSystemError.notFound("/missing")) {
            try view.openFile(at: "/missing", create: false, exclusive: false, permissions: 0o600)
        }
        try view.syncDirectory(at: "/")
        #expect(disk.durableImage.data(at: "/new") == Data())
    }

    @Test("a full disk refuses a growing write; a fenced view refuses every call")
    func refusals() throws {
        let disk = SimulatedDisk(image: DiskImage(files: ["/f": .init(data: Data(count: 10))]), capacity: 16)
        let view = disk.mount()
        try view.writeBytes(Data(count: 6), at: "/f", offset: 10)
        #expect(throws: FileSystemError.noSpace("/f")) { try view.writeBytes(Data(count: 1), at: "/f", offset: 16) }
        disk.kill(view)
        #expect(throws: FileSystemError.fenced("/f")) { try view.writeBytes(Data(count: 1), at: "/f", offset: 0) }
        #expect(throws: FileSystemError.fenced("/f")) { try view.checkAlive("/f") }
    }
}
