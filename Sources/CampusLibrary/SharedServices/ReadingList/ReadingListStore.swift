import DurableState
import Foundation
import Lifecycle

/// The reading list's SQLite database (DurableState's `Database`: WAL, `synchronous = FULL`, so
/// a committed change survives a power loss): one row per book on the list, and a log of every
/// status each book reached, written together in one transaction per change, so that the list
/// and its log always agree.
///
/// ```swift
/// let store = try ReadingListStore.open(path: directory + "/reading-list.sqlite", storage: storage, at: date)
/// try store.apply(.add(book), at: clock.date)      // committed when it returns: "saved"
/// let entries = try store.entries()
/// ```
///
/// Opening migrates the schema (``migrator``, each migration in its transaction) and checks the
/// file with `PRAGMA quick_check`; a damaged file is moved aside (DurableState's `Quarantine`,
/// kept for recovery) and a new list started, which ``opened`` reports. A schema it cannot
/// migrate is left alone (nothing is lost) and the open fails.
///
/// Created by ``ReadingList`` at launch; lives on the main actor, where its connection is
/// confined; dies with it.
@MainActor
package final class ReadingListStore {
    /// What a change writes.
    package enum Change: Hashable, Sendable {
        /// Puts `book` at the end of the list, to read.
        case add(Book)
        /// Sets the status of the book on the list.
        case setStatus(BookID, ReadingStatus)
        /// Takes the book off the list.
        case remove(BookID)
    }

    /// The name of the database file in the app's data directory.
    package static let fileName = "reading-list.sqlite"

    /// The database file.
    package let path: String
    /// The open connection.
    let database: Database
    /// Set when opening found the file damaged and started a new one.
    package private(set) var recovered: ReadingListError?
    /// Older damaged copies deleted when this one was moved aside (DurableState's `Quarantine`
    /// keeps the newest few).
    package private(set) var removedCopies: [String] = []
    private let bugs: Set<CampusBug>

    private init(path: String, database: Database, recovered: ReadingListError?, bugs: Set<CampusBug>) {
        self.path = path
        self.database = database
        self.recovered = recovered
        self.bugs = bugs
    }

    /// Opens (creating and migrating) the reading list at `path` in `storage`; a damaged file
    /// is moved aside first (see ``recovered``). `bugs` are the planted ones (empty outside the
    /// simulator).
    /// - Throws: ``ReadingListError/cannotOpen(_:)``: the file is left as it was.
    package static func open(
        path: String, storage: StorageEnvironment, at date: Date, bugs: Set<CampusBug> = []
    ) throws(ReadingListError) -> ReadingListStore {
        let fileSystem = storage.fileSystem
        do {
            try fileSystem.createDirectory(at: FilePaths.directory(of: path), permissions: 0o700)
        } catch {
            throw .cannotOpen(error.description)
        }
        if bugs.contains(.walDeletedAtLaunch) { removeLeftovers(of: path, fileSystem: fileSystem) }
        var recovered: ReadingListError?
        var removedCopies: [String] = []
        let database: Database
        do {
            database = try openChecked(path, storage: storage, bugs: bugs)
        } catch .damaged {
            do {
                let movedTo = try Quarantine.moveDatabase(path, fileSystem: fileSystem, at: date)
                recovered = .damaged(movedTo: movedTo)
                removedCopies = Quarantine.trim(path, fileSystem: fileSystem)
            } catch {
                throw .cannotOpen("it is damaged and could not be moved aside: \(error.description)")
            }
            do { database = try openChecked(path, storage: storage, bugs: bugs) } catch { throw .cannotOpen(error.description) }
        } catch {
            throw .cannotOpen(error.description)
        }
        do {
            try prepare(database, bugs: bugs)
        } catch {
            database.close()
            throw .cannotOpen(error.description)
        }
        let store = ReadingListStore(path: path, database: database, recovered: recovered, bugs: bugs)
        store.removedCopies = removedCopies
        return store
    }

    /// Why a file could not be opened as it is.
    private enum OpenFailure: Error, CustomStringConvertible {
        /// SQLite finds the file damaged: move it aside.
        case damaged
        /// Any other failure: leave the file alone.
        case failed(SQLiteError)

        var description: String {
            switch self {
            case .damaged: "the file is damaged"
            case .failed(let error): error.description
            }
        }
    }

    /// The connection, set up, after `PRAGMA quick_check` found the file intact.
    private static func openChecked(_ path: String, storage: StorageEnvironment, bugs: Set<CampusBug>) throws(OpenFailure) -> Database {
        do {
            // After the first unlock: the background refresh updates the list while the phone is locked.
            let database = try Database(path: path, storage: storage, protection: .completeUntilFirstUserAuthentication)
            if bugs.contains(.synchronousOff) { try database.execute("PRAGMA synchronous = OFF") }
            guard try database.quickCheck().isEmpty else {
                database.close()
                throw OpenFailure.damaged
            }
            return database
        } catch let error as OpenFailure {
            throw error
        } catch let error as SQLiteError where error.resultCode == .corrupt || error.resultCode == .notADatabase {
            throw .damaged
        } catch let error as SQLiteError {
            throw .failed(error)
        } catch {
            throw .failed(.sqlite(code: .error, message: String(describing: error), sql: nil))
        }
    }

    /// The ``CampusBug/walDeletedAtLaunch`` cleanup: removes what it takes for a crash's
    /// leftovers next to the database, the `-wal` and `-shm` files.
    private static func removeLeftovers(of path: String, fileSystem: any FileSystem) {
        for suffix in ["-wal", "-shm"] { try? fileSystem.removeItem(at: path + suffix) }
    }

    /// The books on the list, in the order they were added.
    /// - Throws: ``ReadingListError/notOpen`` if the database cannot be read now.
    package func entries() throws(ReadingListError) -> [ReadingListEntry] {
        do {
            return try database.fetchAll(Self.entriesSQL) { row throws(SQLiteError) -> ReadingListEntry? in
                guard let id = BookID(try row.decode(String.self, at: 0)),
                      let status = ReadingStatus(rawValue: try row.decode(String.self, at: 2))
                else { return nil }
                let since = Date(timeIntervalSince1970: Double(try row.decode(Int64.self, at: 3)) / 1_000)
                return ReadingListEntry(bookID: id, title: try row.decode(String.self, at: 1), status: status, since: since)
            }.compactMap { $0 }
        } catch {
            throw .cannotOpen(error.description)
        }
    }

    /// How many books the log says were finished, each counted once.
    /// - Throws: ``ReadingListError/cannotOpen(_:)`` if the database cannot be read now.
    package func finishedCount() throws(ReadingListError) -> Int {
        do {
            return try database.fetchOne(Self.finishedCountSQL) { row throws(SQLiteError) in try row.decode(Int.self, at: 0) } ?? 0
        } catch {
            throw .cannotOpen(error.description)
        }
    }

    /// Writes `change` at `date`: the entry and its log line in one transaction, committed when
    /// this returns. `beforeCommit` runs inside the transaction, after its statements (the
    /// planted ``CampusBug/savedBeforeCommit`` says "saved" there).
    /// - Throws: ``ReadingListError/notSaved(_:)``: the transaction was rolled back, nothing of
    ///   the change is stored.
    package func apply(_ change: Change, at date: Date, beforeCommit: () -> Void = {}) throws(ReadingListError) {
        let statements = Self.statements(for: change, at: Int64((date.timeIntervalSince1970 * 1_000).rounded()))
        do {
            if bugs.contains(.readingListOutsideTransaction) {
                for (sql, arguments) in statements { try database.execute(sql, arguments) }
                beforeCommit()
            } else {
                try database.transaction { database in
                    for (sql, arguments) in statements { try database.execute(sql, arguments) }
                    beforeCommit()
                }
            }
        } catch let error as SQLiteError {
            throw .notSaved(error.description)
        } catch {
            throw .notSaved(String(describing: error))
        }
    }

    /// Suspends the connection while the app is in the background (see DurableState's
    /// `Database.suspendWhileInBackground(of:logger:)`).
    package func suspendWhileInBackground(of runtime: LifecycleRuntime, logger: LifelineLogger) -> LifecycleObservation {
        database.suspendWhileInBackground(of: runtime, logger: logger)
    }
}
