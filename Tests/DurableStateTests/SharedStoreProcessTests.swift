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
        let codec = StoredCodec(sizeLimit: 1024 * 1024)
        let children = try startTogether("file", path, count: Self.rows)
        let finished = Atomic(false)
        let waiter = Task {
            var statuses: [Int32] = []
            for child in children { statuses.append(await child.waitForExit()) }
            finished.store(true, ordering: .releasing)
            return statuses
        }
        var reads = 0
        while !finished.load(ordering: .acquiring) {
            if let data = FileManager.default.contents(atPath: path) {
                reads += 1
                #expect(throws: Never.self, "read \(reads) is torn or mixed") { _ = try codec.decode(SharedProbeRecord.self, from: data) }
            }
            await Task.yield()
        }
        #expect(await waiter.value == [0, 0], "\(children.map(\.errors))")
        #expect(reads > 0, "the file was read while it was written")
        let last = try codec.decode(SharedProbeRecord.self, from: try #require(FileManager.default.contents(atPath: path))).value
        #expect(last.number == Self.rows - 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["shared.json"])
    }
}

/// What `shared-store-probe file` writes.
private struct SharedProbeRecord: Codable {
    var tag: String
    var number: Int
    var padding: String
}
