import DurableState
import Foundation
import LifelineTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Two real `campus-library` processes started together on a home whose files are still in the
/// old single folder (`~/.campus-library`): the one-time move runs under a lock both contend for.
/// Each round: exactly one instance runs, the other exits 75 naming it; no file of the old
/// folder is lost; a note typed in the running instance and shown "✓ saved" is on disk; nothing
/// half-built is left.
///
/// Fast by default (3 rounds, 300 notes); `LIFELINE_MIGRATION_RACE_ROUNDS=100
/// LIFELINE_MIGRATION_RACE_NOTES=3000` runs the full acceptance run.
@Suite("campus-library: two first launches race the one-time folder move", .serialized, .startsCampusLibrary)
struct CampusMigrationRaceTests {
    static let rounds = ProcessInfo.processInfo.environment["LIFELINE_MIGRATION_RACE_ROUNDS"].flatMap(Int.init) ?? 3
    static let notes = ProcessInfo.processInfo.environment["LIFELINE_MIGRATION_RACE_NOTES"].flatMap(Int.init) ?? 300

    /// A home with `~/.campus-library` holding `count` notes and a log; the files by their path
    /// below it.
    static func makeLegacyHome(notes count: Int) throws -> (home: ScratchDirectory, files: [String: Data]) {
        let home = try ScratchDirectory()
        let codec = StoredCodec(sizeLimit: 256 * 1024)
        var files: [String: Data] = ["campus-library.log": Data(String(repeating: "an old log line\n", count: 500).utf8)]
        for index in 0..<count {
            files["notes/book-\(index).json"] = try codec.encode("note \(index): " + String(repeating: "words ", count: index % 50), writtenAt: Date())
        }
        for (path, data) in files {
            let full = home.path(".campus-library/" + path)
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: full))
        }
        return (home, files)
    }

    @Test(
        "exactly one of two simultaneous first launches runs; no file is lost, a note shown saved is kept, every message is true",
        .timeLimit(.minutes(30))
    )
    func twoFirstLaunchesAtOnce() async throws {
        let binary = try Terminal.binary()
        for round in 1...Self.rounds {
            let (home, files) = try Self.makeLegacyHome(notes: Self.notes)
            let environment = ["HOME": home.url.path, "PATH": "/usr/bin:/bin"]
            let link = "campuslibrary://book/austen-emma"
            let first = try ChildProcess(binary, [link], environment: environment)
            let second = try ChildProcess(binary, [link], environment: environment)
            async let firstRuns = first.waitForOutput(containing: "subjects: Matchmaking")
            async let secondRuns = second.waitForOutput(containing: "subjects: Matchmaking")
            let running = [await firstRuns, await secondRuns].map { $0 == .found }
            try #require(running.filter { $0 }.count == 1, "round \(round): \(running) ran; stderr: \(first.errors) | \(second.errors)")
            let (winner, loser) = running[0] ? (first, second) : (second, first)

            #expect(await loser.waitForExit() == 75, "round \(round): \(loser.errors)")
            #expect(loser.errors.contains("pid \(winner.pid)"), "round \(round): the message names the running instance: \(loser.errors)")
            #expect(loser.errors.contains("Nothing was changed") || loser.errors.contains("already running with this data directory"))

            winner.write("n")
            #expect(await winner.waitForOutput(containing: "Note on “Emma”") == .found)
            winner.write("round \(round)")
            let shownSaved = await winner.waitForOutput { output in
                let screen = Self.screen(drawnBy: output)
                return screen.contains { $0.contains("round \(round)") } && screen.contains { $0.contains("✓ saved") }
            }
            #expect(shownSaved == .found, "round \(round): the note was never shown saved")
            winner.send(SIGTERM)
            #expect(await winner.waitForExit() == 0)

            let data = home.path(".local/share/campus-library")
            let state = home.path(".local/state/campus-library")
            for (path, bytes) in files where path.hasPrefix("notes/") {
                #expect(FileManager.default.contents(atPath: data + "/" + path) == bytes, "round \(round): \(path) was lost or changed")
            }
            let log = FileManager.default.contents(atPath: state + "/campus-library.log") ?? Data()
            #expect(log.starts(with: files["campus-library.log"] ?? Data()), "round \(round): the old log was not moved (the app appends to it)")
            let note = try #require(FileManager.default.contents(atPath: data + "/notes/austen-emma.json"), "round \(round): the note shown saved is gone")
            #expect(try StoredCodec(sizeLimit: 256 * 1024).decode(String.self, from: note).value == "round \(round)")
            #expect(!FileManager.default.fileExists(atPath: home.path(".campus-library")))
            #expect(!FileManager.default.fileExists(atPath: home.path(".campus-library.migrated-removing")))
            for parent in [".local/share", ".local/state", ".cache"] {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: home.path(parent))) ?? []
                #expect(names == ["campus-library"], "round \(round): \(parent) holds \(names)")
            }
        }
    }

    /// The lines on screen once the app's output `drawn` so far is drawn: each line it writes is
    /// `ESC[<row>;1H`, the text, `ESC[K` (`ESC[2J` clears everything).
    static func screen(drawnBy drawn: Data) -> [String] {
        var rows: [Int: String] = [:]
        let text = String(decoding: drawn, as: UTF8.self)
        let parts = text.components(separatedBy: "\u{1B}[2J").last?.components(separatedBy: "\u{1B}[") ?? []
        for (part, next) in zip(parts, parts.dropFirst()) where next.hasPrefix("K") {
            guard let separator = part.firstIndex(of: ";"), let row = Int(part[..<separator]), part[separator...].hasPrefix(";1H") else { continue }
            rows[row] = String(part[part.index(separator, offsetBy: 3)...])
        }
        return rows.keys.sorted().compactMap { rows[$0] }
    }
}

