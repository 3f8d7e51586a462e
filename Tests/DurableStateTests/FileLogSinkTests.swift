import DurableState
import Foundation
import Lifecycle
import LifelineTestSupport
import Testing

@Suite("FileLogSink")
struct FileLogSinkTests {
    let scratch = TemporaryDirectory("log")
    var data: String { scratch.file("data") }
    var fileSystem: POSIXFileSystem { POSIXFileSystem(root: data) }

    init() throws {
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    }

    @Test("records are appended one line each to an owner-only file")
    func appends() throws {
        let path = data + "/app.log"
        let logger = LifelineLogger(category: "test", sink: try FileLogSink(path: path, fileSystem: fileSystem))
        logger.warning("first")
        logger.error("second")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix("first") && lines[1].hasSuffix("second"))
        #expect(HostileFiles.mode(path) == 0o600)
    }

    @Test("a link, a FIFO or a file with another name in place of the log is refused, and nothing is written through it")
    func refusals() throws {
        let victim = try HostileFiles.Victim(at: scratch.file("outside/victim"))
        try HostileFiles.plantLink(at: data + "/linked.log", to: victim.path)
        #expect(throws: FileSystemError.symbolicLink(data + "/linked.log")) {
            try FileLogSink(path: data + "/linked.log", fileSystem: fileSystem)
        }
        guard link(victim.path, data + "/hard.log") == 0 else { throw HostileFileError("link failed") }
        #expect(throws: FileSystemError.hardLinked(data + "/hard.log")) {
            try FileLogSink(path: data + "/hard.log", fileSystem: fileSystem)
        }
        #expect(victim.isUntouched)

        try HostileFiles.plantFIFO(at: data + "/fifo.log")
        let confined = fileSystem
        let outcome = HostileFiles.finishing(within: 10) { () -> FileSystemError? in
            do throws(FileSystemError) {
                _ = try FileLogSink(path: confined.root + "/fifo.log", fileSystem: confined)
                return nil
            } catch {
                return error
            }
        }
        #expect(outcome == .some(.notRegularFile(data + "/fifo.log")))
    }

    @Test("a log past the rotation size at launch is kept as .old and a new one started")
    func rotates() throws {
        let path = data + "/app.log"
        try Data(repeating: 0x41, count: 2048).write(to: URL(fileURLWithPath: path))
        let logger = LifelineLogger(category: "test", sink: try FileLogSink(path: path, fileSystem: fileSystem, rotationSize: 1024))
        logger.warning("fresh")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".old")).count == 2048)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("fresh\n"))
    }
}
