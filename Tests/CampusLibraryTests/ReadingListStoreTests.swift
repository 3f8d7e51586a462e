@testable import CampusLibrary
import DurableState
import Foundation
import LifecycleSimulator
import Testing

@Suite("ReadingListStore")
@MainActor
struct ReadingListStoreTests {
    static let path = "/data/reading-list.sqlite"
    static let date = Date(timeIntervalSince1970: 1_800_000_000)

    func open(_ disk: SimulatedDisk) throws -> ReadingListStore {
        try ReadingListStore.open(path: Self.path, storage: disk.mount().storage, at: Self.date)
    }

    /// Every log line of the database, oldest first: `book:status`.
    func log(_ store: ReadingListStore) throws -> [String] {
        try store.database.fetchAll("SELECT book_id, status FROM reading_log ORDER BY id") { row throws(SQLiteError) in
            "\(try row.decode(String.self, at: 0)):\(try row.decode(String.self, at: 1))"
        }
    }

    @Test("each change writes its entry and its log line; the list reads back in the order added")
    func changesAndLog() throws {
        let disk = SimulatedDisk()
        let store = try open(disk)
        try store.apply(.add(TestBooks.emma), at: Self.date)
        try store.apply(.add(TestBooks.moby), at: Self.date.addingTimeInterval(60))
        try store.apply(.setStatus(TestBooks.emma.id, .reading), at: Self.date.addingTimeInterval(120))
        try store.apply(.setStatus(TestBooks.emma.id, .finished), at: Self.date.addingTimeInterval(180))
        try store.apply(.remove(TestBooks.moby.id), at: Self.date.addingTimeInterval(240))

        let reopened = try open(disk)
        let entries = try reopened.entries()
        #expect(entries.map(\.bookID) == [TestBooks.emma.id])
        #expect(entries.first?.status == .finished)
        #expect(entries.first?.since == Self.date.addingTimeInterval(180))
        #expect(entries.first?.title == TestBooks.emma.title)
        #expect(try log(reopened) == [
            "austen-emma:to-read", "melville-moby-dick:to-read", "austen-emma:reading", "austen-emma:finished",
            "melville-moby-dick:removed",
        ])
        #expect(try reopened.finishedCount() == 1)
        for query in ReadingListStore.consistencyQueries {
            #expect(try reopened.database.fetchAll(query) { row throws(SQLiteError) in try row.decode(String.self, at: 0) }.isEmpty)
        }
    }

    @Test("the schema is migrated once, recorded, and left as it is by every later open")
    func migratedOnce() throws {
        let disk = SimulatedDisk()
        let first = try open(disk)
        #expect(try ReadingListStore.migrator.appliedIdentifiers(in: first.database) == ["reading-list-v1"])
        first.database.close()
        let second = try open(disk)
        #expect(try ReadingListStore.migrator.appliedIdentifiers(in: second.database) == ["reading-list-v1"])
        #expect(second.recovered == nil)
    }

    @Test("the consistency queries find an entry written without its log line")
    func findsHalfAppliedChange() throws {
        let store = try open(SimulatedDisk())
        try store.apply(.add(TestBooks.emma), at: Self.date)
        try store.database.execute("UPDATE reading_list SET status = 'reading' WHERE book_id = ?", [TestBooks.emma.id.rawValue])
        try store.database.execute(
            "INSERT INTO reading_list (book_id, title, status, since, position) VALUES (?, 'Moby-Dick', 'to-read', 0, 2)",
            [TestBooks.moby.id.rawValue]
        )
        let found = try ReadingListStore.consistencyQueries.flatMap { query in
            try store.database.fetchAll(query) { row throws(SQLiteError) in try row.decode(String.self, at: 0) }
        }
        #expect(found == [
            "the entry of austen-emma says reading since 1800000000000, its latest log line says to-read at 1800000000000",
            "the entry of melville-moby-dick says to-read since 0, its latest log line is missing",
        ])
    }

    @Test("a damaged database is moved aside, kept, and a new, empty list started")
    func damagedDatabaseIsQuarantined() throws {
        let disk = SimulatedDisk()
        let garbage = Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        disk.tamper(path: Self.path, data: garbage)
        let store = try open(disk)
        guard case .damaged(let movedTo) = store.recovered else {
            Issue.record("not reported as damaged: \(String(describing: store.recovered))")
            return
        }
        #expect(movedTo.hasPrefix(Self.path + Quarantine.marker))
        #expect(disk.currentImage.data(at: movedTo) == garbage)
        #expect(try store.entries().isEmpty)
        try store.apply(.add(TestBooks.emma), at: Self.date)
        #expect(try store.entries().map(\.bookID) == [TestBooks.emma.id])
    }

    @Test("a database migrated by a newer version is refused, unchanged, and nothing is lost")
    func newerSchemaIsRefused() throws {
        let disk = SimulatedDisk()
        let store = try open(disk)
        try store.apply(.add(TestBooks.emma), at: Self.date)
        try store.database.execute("INSERT INTO \(DatabaseMigrator.recordTable) (identifier) VALUES ('reading-list-v9')")
        store.database.close()
        let before = disk.currentImage
        #expect(throws: ReadingListError.self) { try open(disk) }
        #expect(disk.currentImage.data(at: Self.path) == before.data(at: Self.path))
        #expect(!disk.currentImage.files.keys.contains { Quarantine.isQuarantined($0) })
    }
}
