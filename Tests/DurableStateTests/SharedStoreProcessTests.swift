import DurableState
import Foundation
import LifelineTestSupport
import Synchronization
import Testing

/// The stores two processes of one app may share (an app and its widget or share extension on
/// one app-group container), each written by two real processes at once (`shared-store-probe`):
/// a SQLite `Database` with a busy timeout, and a file replaced by the durable recipe.
@Suite("Stores two processes write at once")
struct SharedStoreProcessTests {
    static let rows = 300

    func probe() throws -> String {
        try #require(BuiltProduct.path("shared-store-probe"), "shared-store-probe is not built next to the tests")
    }

    /// Starts one probe per tag and lets them go together.
    func startTogether(_ mode: String, _ path: String, count: Int) throws -> [ChildProcess] {
        let children = try ["A", "B"].map { try ChildProcess(probe(), [mode, path, $0, String(count)], environment: [:]) }
        for child in children { child.write("go\n") }
        return children
    }

    @Test("SQLite: two processes insert at once, each waiting for the other's lock; every row of both is there")
    @MainActor
    func database() async throws {
        let directory = TemporaryDirectory("shared-sqlite")
        let path = directory.file("shared.sqlite")
        for child in try startTogether("sqlite", path, count: Self.rows) {
            #expect(await child.waitForExit() == 0, "\(child.errors)")
        }
        let database = try Database(path: path)
        defer { database.close() }
        for tag in ["A", "B"] {
            let numbers = try database.fetchAll("SELECT number FROM entry WHERE tag = ? ORDER BY number", [tag]) { row throws(SQLiteError) in
                try row.decode(Int.self, at: 0)
            }
            #expect(numbers == Array(0..<Self.rows), "rows of \(tag)")
        }
    }

    @Test("a durably replaced file: two processes replace it at once; every read finds one whole value, and no temporary file is left")
    func replacedFile() async throws {
        let directory = TemporaryDirectory("shared-file")
        let path = directory.file("shared.json")
        let children = try startTogether("file", path, count: Self.rows)
        // A reader of its own (a thread, not the tasks' pool): about a thousand reads a second
        // while the two processes write.
        let reader = FileReader(path: path)
        var statuses: [Int32] = []
        for child in children { statuses.append(await child.waitForExit()) }
        let (reads, torn) = reader.stop()
        #expect(statuses == [0, 0], "\(children.map(\.errors))")
        #expect(reads > 0, "the file was read while it was written")
        #expect(torn == 0, "\(torn) of \(reads) reads were torn or mixed")
        let codec = StoredCodec(sizeLimit: 1024 * 1024)
        let last = try codec.decode(SharedProbeRecord.self, from: try #require(FileManager.default.contents(atPath: path))).value
        #expect(last.number == Self.rows - 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["shared.json"])
    }
}

/// Reads a file over and over on a thread of its own until stopped, counting the reads and those
/// that do not decode as one whole ``SharedProbeRecord``.
private final class FileReader: Sendable {
    private let state = Mutex((reads: 0, torn: 0, stopped: false))
    private let finished = Atomic(false)

    init(path: String) {
        Thread.detachNewThread { [self] in
            let codec = StoredCodec(sizeLimit: 1024 * 1024)
            while !state.withLock({ $0.stopped }) {
                if let data = FileManager.default.contents(atPath: path) {
                    let whole = (try? codec.decode(SharedProbeRecord.self, from: data)) != nil
                    state.withLock { state in
                        state.reads += 1
                        if !whole { state.torn += 1 }
                    }
                }
                usleep(1_000)
            }
            finished.store(true, ordering: .releasing)
        }
    }

    /// Stops the reader and returns how many reads it made and how many were torn.
    func stop() -> (reads: Int, torn: Int) {
        state.withLock { $0.stopped = true }
        while !finished.load(ordering: .acquiring) { usleep(1_000) }
        return state.withLock { ($0.reads, $0.torn) }
    }
}

/// What `shared-store-probe file` writes.
private struct SharedProbeRecord: Codable, Sendable {
    var tag: String
    var number: Int
    var padding: String
}
