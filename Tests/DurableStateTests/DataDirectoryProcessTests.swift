import DurableState
import Foundation
import LifelineTestSupport
import Testing

/// Two real processes on one data directory, and files written under real umasks: the
/// `durable-kill-probe` executable claims its directory (`DataDirectory`) before it writes.
@Suite("DataDirectory across processes", .serialized)
struct DataDirectoryProcessTests {
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    /// Runs the probe with `arguments` under `/bin/sh -c 'umask …; exec …'` to completion.
    static func runProbe(_ arguments: [String], umask: String = "022") throws -> Run {
        let probe = try #require(DurableKillProbeTests.probeURL(), "durable-kill-probe was not built next to the test bundle")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "umask \(umask); exec \"$0\" \"$@\"", probe.path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self), errors: String(decoding: err, as: UTF8.self))
    }

    /// Every file and directory under `root`, with its contents (files) and mode.
    static func tree(_ root: String) throws -> [String: String] {
        var entries: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let name = enumerator?.nextObject() as? String {
            let path = root + "/" + name
            let mode = HostileFiles.mode(path).map { String($0, radix: 8) } ?? "?"
            let contents = (try? Data(contentsOf: URL(fileURLWithPath: path))).map { $0.base64EncodedString() } ?? "dir"
            entries[name] = mode + " " + contents
        }
        return entries
    }

    @Test("a second process on a held data directory exits at once naming the holder's pid, and writes nothing")
    func secondProcessRefused() async throws {
        let probe = try #require(DurableKillProbeTests.probeURL(), "durable-kill-probe was not built next to the test bundle")
        let directory = TemporaryDirectory("two-processes")
        // Some saved state first, then a process that holds the directory while the second
        // one tries: the files are settled, so any change is the second process's.
        let saves = try Self.runProbe([directory.path, "document", "3"])
        #expect(saves.status == 0)
        let holding = Process()
        holding.executableURL = probe
        holding.arguments = [directory.path, "hold"]
        let input = Pipe()
        let output = Pipe()
        holding.standardInput = input
        holding.standardOutput = output
        try holding.run()
        defer {
            try? input.fileHandleForWriting.close()
            holding.waitUntilExit()
        }
        let started = ContinuousClock.now
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("holding"), ContinuousClock.now - started < .seconds(10) {
            said.append(output.fileHandleForReading.availableData)
        }
        let before = try Self.tree(directory.path)

        let second = try Self.runProbe([directory.path, "document", "1"])
        #expect(second.status == 75)
        #expect(second.errors.contains("in use by pid \(holding.processIdentifier)"), "stderr: \(second.errors)")
        #expect(!second.output.contains("loaded"), "the second process loaded the store: \(second.output)")
        #expect(try Self.tree(directory.path) == before, "the second process changed the data directory")
    }

    @Test(
        "files are created 0600 and directories 0700 whatever the umask",
        arguments: ["022", "077", "000"], ["document", "preferences", "value"]
    )
    func modesUnderUmask(umask: String, mode: String) throws {
        let scratch = TemporaryDirectory("umask")
        let directory = scratch.file("nested/deeper")
        let run = try Self.runProbe([directory, mode, "2"], umask: umask)
        #expect(run.status == 0, "probe failed: \(run.errors)")
        for created in [scratch.file("nested"), directory] {
            #expect(HostileFiles.mode(created) == 0o700, "\(created) under umask \(umask)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(!files.filter { !$0.hasPrefix(".") }.isEmpty)
        for name in files {
            #expect(HostileFiles.mode(directory + "/" + name) == 0o600, "\(name) under umask \(umask)")
        }
    }
}
