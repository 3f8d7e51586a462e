import DurableState
import Foundation
@testable import LifecycleSimulator
import Testing

/// A simulated process's whole-file write is admitted step by step: the truncation and each
/// chunk are crash points and lines of the trace, so the simulator's crash lands between them.
@Suite("A process's writes, step by step")
@MainActor
struct IncarnationWriteStepTests {
    static let chunk = SimulatedDisk.writeChunkSize
    static let long = Data((0..<(5 * chunk / 2)).map { UInt8(truncatingIfNeeded: $0 / 5) })

    /// A live incarnation's file system over a disk holding `/d/a`, and its run's context.
    func process(old: Data = Data("old".utf8)) -> (SimulatedDisk, RunContext, IncarnationFileSystem) {
        let disk = SimulatedDisk(image: DiskImage(files: ["/d/a": .init(data: old)]))
        let context = RunContext(canaries: [], keepsTrace: true)
        context.liveIncarnation = 1
        return (disk, context, IncarnationFileSystem(base: disk.mount(), context: context, incarnation: 1))
    }

    @Test("the crash armed at a write's third operation kills it after its truncation and first chunk")
    func crashInsideWrite() throws {
        let (disk, context, files) = process()
        context.armedDeath = (operation: 3, death: .kill)
        #expect(throws: FileSystemError.fenced("/d/a")) { try files.writeFile(Self.long, to: "/d/a", permissions: 0o644) }
        #expect(context.trippedDeath == .kill)
        #expect(disk.currentImage.data(at: "/d/a") == Self.long.prefix(Self.chunk))
        let lines = context.trace.records.map(\.text)
        #expect(lines == ["truncate /d/a", "write \(Self.chunk)B /d/a", "dies (kill) before write \(Self.chunk)B /d/a"], "\(lines)")
    }

    @Test("a write over a file is two crash points, a new file's one; a full storage refuses the truncation, so nothing changes")
    func crashPoints() throws {
        let (disk, context, files) = process()
        try files.writeFile(Data("new".utf8), to: "/d/a", permissions: 0o644)
        try files.writeFile(Data("other".utf8), to: "/d/b", permissions: 0o644)
        #expect(context.writesThisStep == 3)
        #expect(context.trace.records.map(\.text) == ["truncate /d/a", "write 3B /d/a", "write 5B /d/b"])

        context.setDiskFull(true)
        #expect(throws: FileSystemError.noSpace("/d/a")) { try files.writeFile(Data("newer".utf8), to: "/d/a", permissions: 0o644) }
        #expect(disk.currentImage.data(at: "/d/a") == Data("new".utf8))
    }
}
