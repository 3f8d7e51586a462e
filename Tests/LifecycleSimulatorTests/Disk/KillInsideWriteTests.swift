import DurableState
import Foundation
import LifecycleSimulator
import Testing

/// A kill lands inside a whole-file write: the truncation of a file that held data and each
/// chunk of at most `SimulatedDisk.writeChunkSize` bytes are operations of their own, and a kill
/// keeps what the ones before it wrote, as the page cache keeps it through a real `SIGKILL`.
@Suite("Kills inside writes")
struct KillInsideWriteTests {
    static let old = Data("the old contents".utf8)
    static let chunk = SimulatedDisk.writeChunkSize

    /// Two and a half chunks of bytes that differ from one chunk to the next.
    static let long = Data((0..<(5 * chunk / 2)).map { UInt8(truncatingIfNeeded: $0 / 7) })

    /// A disk holding ``old`` at `/d/a`, durable, and a view of it that dies before its
    /// `operations + 1`-th change.
    static func disk(killedAfter operations: Int) -> (SimulatedDisk, SimulatedFileSystem) {
        let disk = SimulatedDisk(image: DiskImage(files: ["/d/a": .init(data: old)]), recordsHistory: true)
        let view = disk.mount()
        disk.kill(view, afterOperations: operations)
        return (disk, view)
    }

    @Test("a kill between the truncation and the write leaves the file empty, and a later power loss no more than that")
    func killAfterTruncation() throws {
        let (disk, view) = Self.disk(killedAfter: 1)
        #expect(throws: FileSystemError.fenced("/d/a")) { try view.writeFile(Data("new".utf8), to: "/d/a", permissions: 0o644) }
        #expect(disk.isFenced(view))
        #expect(disk.currentImage.data(at: "/d/a") == Data())
        #expect(disk.history.map(\.description) == ["write #1 (/d/a) 0 bytes"])
        let afterPowerLoss = Set(try disk.possiblePowerLossImages().map { $0.data(at: "/d/a") })
        #expect(afterPowerLoss == [Self.old, Data()])
    }

    @Test("a kill before the truncation leaves the old file whole")
    func killBeforeTruncation() throws {
        let (disk, view) = Self.disk(killedAfter: 0)
        #expect(throws: FileSystemError.fenced("/d/a")) { try view.writeFile(Data("new".utf8), to: "/d/a", permissions: 0o644) }
        #expect(disk.currentImage.data(at: "/d/a") == Self.old)
        #expect(disk.history.isEmpty)
    }

    @Test("a kill in the middle of a long write keeps the chunks written before it", arguments: 1...3)
    func killMidWrite(operations: Int) throws {
        let (disk, view) = Self.disk(killedAfter: operations)
        #expect(throws: FileSystemError.fenced("/d/a")) { try view.writeFile(Self.long, to: "/d/a", permissions: 0o644) }
        // One operation truncates, each later one writes a chunk.
        let kept = Self.long.prefix((operations - 1) * Self.chunk)
        #expect(disk.currentImage.data(at: "/d/a") == kept)
        #expect(disk.history.map(\.description) == ["write #1 (/d/a) \(kept.count) bytes"])
        #expect(disk.pendingOperations.count == 1)
    }

    @Test("a long write over a file is four operations; once done, the log holds one write of all of it")
    func completedLongWrite() throws {
        let (disk, view) = Self.disk(killedAfter: 4)
        try view.writeFile(Self.long, to: "/d/a", permissions: 0o644)
        #expect(!disk.isFenced(view))
        #expect(disk.currentImage.data(at: "/d/a") == Self.long)
        #expect(disk.history.map(\.description) == ["write #1 (/d/a) \(Self.long.count) bytes"])
        #expect(disk.statistics.writes == 1)
        #expect(throws: FileSystemError.fenced("/d/a")) { try view.syncFile(at: "/d/a") }
    }

    @Test("a new file of one chunk is created and written in one operation; a long one in one per chunk")
    func newFiles() throws {
        let disk = SimulatedDisk(image: DiskImage(directories: ["/d"]))
        let view = disk.mount()
        disk.kill(view, afterOperations: 1)
        try view.writeFile(Data("new".utf8), to: "/d/short", permissions: 0o644)
        #expect(throws: FileSystemError.fenced("/d/long")) { try view.writeFile(Self.long, to: "/d/long", permissions: 0o644) }
        #expect(disk.currentImage.data(at: "/d/short") == Data("new".utf8))
        #expect(disk.currentImage.data(at: "/d/long") == nil)

        let second = SimulatedDisk(image: DiskImage(directories: ["/d"]))
        let other = second.mount()
        second.kill(other, afterOperations: 2)
        #expect(throws: FileSystemError.fenced("/d/long")) { try other.writeFile(Self.long, to: "/d/long", permissions: 0o644) }
        #expect(second.currentImage.data(at: "/d/long") == Self.long.prefix(2 * Self.chunk))
    }

    @Test("a write through a temporary file and a rename leaves the old file or the new one, whole, at every kill")
    func atomicWriteStaysWhole() throws {
        var seen: Set<Data?> = []
        for operations in 0..<20 {
            let (disk, view) = Self.disk(killedAfter: operations)
            let done = (try? DurableFile(fileSystem: view, path: "/d/a").replace(with: Self.long)) != nil
            let left = disk.currentImage.data(at: "/d/a")
            #expect(left == Self.old || left == Self.long, "killed after \(operations) operations: \(left?.count ?? -1) bytes")
            seen.insert(left)
            if done { break }
        }
        #expect(seen == [Self.old, Self.long])
    }

    @Test("an injected write fault fails the write before its truncation: the old file stays")
    func faultBeforeTruncation() throws {
        let disk = SimulatedDisk(image: DiskImage(files: ["/d/a": .init(data: Self.old)]))
        let view = disk.mount()
        disk.inject(DiskFault(.write, error: .io(path: "/d/a", operation: "write", code: 5)))
        #expect(throws: FileSystemError.io(path: "/d/a", operation: "write", code: 5)) {
            try view.writeFile(Self.long, to: "/d/a", permissions: 0o644)
        }
        #expect(disk.currentImage.data(at: "/d/a") == Self.old)
        try view.writeFile(Self.long, to: "/d/a", permissions: 0o644)
        #expect(disk.currentImage.data(at: "/d/a") == Self.long)
    }
}
