import DurableState
import Lifecycle
import LifecycleSimulator
import LifelineHistory

/// A small app that keeps its notes in a SQLite table through `Database` on the simulated
/// file system: each "add note" inserts a row in a transaction, then tells the user it is
/// saved; the note count is what the user sees.
@MainActor
final class SQLiteNotesApp {
    static let key = HistoryKey("notes")
    static let path = "/Library/notes.sqlite"

    let environment: SimulationEnvironment
    let database: Database?
    /// How many notes are stored (`nil` until loaded, or if the database could not be opened).
    private(set) var count: Int?

    init(environment: SimulationEnvironment, durability: DatabaseConfiguration.Durability) {
        self.environment = environment
        var configuration = DatabaseConfiguration()
        configuration.durability = durability
        do {
            try environment.fileSystem.createDirectory(at: "/Library", permissions: 0o700)
            let database = try Database(path: Self.path, storage: environment.storage, configuration: configuration)
            try database.execute("CREATE TABLE IF NOT EXISTS note (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
            count = try database.fetchOne("SELECT COUNT(*) FROM note") { row throws(SQLiteError) in try row.decode(Int.self, at: 0) }
            self.database = database
        } catch {
            database = nil
            environment.trace("notes unavailable: \(error)")
        }
    }

    /// Adds a note in one transaction; acknowledges it once `COMMIT` returned.
    func addNote() {
        guard let database, let count else { return }
        let next = count + 1
        environment.history.edit(Self.key, text: "\(next)")
        do {
            try database.transaction { db in
                try db.execute("INSERT INTO note (body) VALUES (?)", ["note \(next)"])
            }
            self.count = next
            environment.history.didSave(Self.key, text: "\(next)")
        } catch {
            environment.trace("note not saved: \(error)")
        }
    }

    static func app(durability: DatabaseConfiguration.Durability = .survivesPowerLoss) -> SimulatedApp<SQLiteNotesApp> {
        var app = SimulatedApp(name: "SQLiteNotes") { SQLiteNotesApp(environment: $0, durability: durability) } observe: { app in
            // No notes shows nothing, as before the first edit.
            app.count.map { [VisibleValue(key, text: $0 == 0 ? nil : "\($0)")] } ?? []
        }
        app.actions = [
            UserAction(name: "add note") { $0.incarnation.count != nil } perform: { context, _ in context.incarnation.addNote() },
        ]
        return app
    }
}
