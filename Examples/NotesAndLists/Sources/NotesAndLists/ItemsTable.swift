import DurableState
import Lifecycle
import LifelineHistory

/// The items of every list, one row each in a SQLite table, added in transactions. Owned by
/// ``NotesApp``; main actor (where the connection was opened).
@MainActor
final class ItemsTable {
    private let database: Database?
    /// The items of each list read so far.
    private var cache: [String: [String]] = [:]

    init(environment: NotesEnvironment) {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-items") { db throws(SQLiteError) in
            try db.executeScript("CREATE TABLE item (id INTEGER PRIMARY KEY, list TEXT NOT NULL, text TEXT NOT NULL)")
        }
        do {
            let database = try Database(path: environment.directory + "/items.sqlite", storage: environment.storage)
            try migrator.migrate(database)
            _ = database.suspendWhileInBackground(of: environment.runtime, logger: environment.logger)
            self.database = database
        } catch {
            environment.logger.error("The items are unavailable: \(error.description, privacy: .public)")
            database = nil
        }
    }

    /// Whether the table can be read and written.
    var isAvailable: Bool { database != nil }

    /// The items of `list`, oldest first, or `nil` while they cannot be read (the database is
    /// suspended in the background, or failing): read once, then kept up to date by
    /// ``add(_:to:)``, so every window showing the list shows the same items. A failed read is
    /// not remembered, and never taken for an empty list: the next call reads again.
    func items(in list: String) -> [String]? {
        if let cached = cache[list] { return cached }
        guard let database,
              let read = try? database.fetchAll("SELECT text FROM item WHERE list = ? ORDER BY id", [list], { row throws(SQLiteError) in
                  try row.decode(String.self, at: 0)
              })
        else { return nil }
        // What the list's screen will show, checked by a simulation against what was saved.
        database.recordRead(of: HistoryKey("items:\(list)"), as: read)
        cache[list] = read
        return read
    }

    /// Adds `text` to `list` in one transaction; returns the list's items after it, or `nil` if
    /// it could not be saved (nothing changed then).
    func add(_ text: String, to list: String) -> [String]? {
        guard let database, let items = items(in: list) else { return nil }
        let updated = items + [text]
        do {
            try database.transaction { db in
                try db.execute("INSERT INTO item (list, text) VALUES (?, ?)", [list, text])
                // What the list's screen shows once this commits, under the name it shows it.
                db.recordChange(of: HistoryKey("items:\(list)"), to: updated)
            }
        } catch {
            return nil
        }
        cache[list] = updated
        return updated
    }
}
