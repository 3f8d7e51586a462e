import CSQLite
import DurableState
import Foundation
import LifecycleSimulator
import Testing

@Suite("SimulatedSQLiteVFS")
@MainActor
struct SimulatedSQLiteVFSTests {
    @Test("a database opened on a simulated file system keeps its files on the simulated disk")
    func databaseLivesOnTheDisk() throws {
        let disk = SimulatedDisk()
        let fileSystem = disk.mount()
        try fileSystem.createDirectory(at: "/Library", permissions: 0o700)
        let db = try Database(path: "/Library/notes.sqlite", fileSystem: fileSystem)
        try db.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        try db.execute("INSERT INTO note (body) VALUES (?)", ["first"])
        let files = disk.currentImage.files.keys.sorted()
        #expect(files == ["/Library/notes.sqlite", "/Library/notes.sqlite-wal"])
        #expect(!FileManager.default.fileExists(atPath: "/Library/notes.sqlite"))
        db.close()
        let reopened = try Database(path: "/Library/notes.sqlite", fileSystem: disk.mount())
        let bodies = try reopened.fetchAll("SELECT body FROM note") { row throws(SQLiteError) in try row.decode(String.self, at: 0) }
        #expect(bodies == ["first"])
    }

    @Test("a killed view's connection gets I/O errors and changes nothing on the disk")
    func fencedConnection() throws {
        let disk = SimulatedDisk()
        let fileSystem = disk.mount()
        try fileSystem.createDirectory(at: "/Library", permissions: 0o700)
        let db = try Database(path: "/Library/notes.sqlite", fileSystem: fileSystem)
        try db.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        let before = disk.currentImage
        disk.kill(fileSystem)
        do {
            try db.execute("INSERT INTO note (body) VALUES (?)", ["after the kill"])
            Issue.record("a fenced connection wrote")
        } catch {
            #expect(error.resultCode == .ioError, "\(error)")
        }
        db.close()
        #expect(disk.currentImage == before)
    }
}
