import DurableState
import Lifecycle
import LifecycleSimulator
import LifelineHistory

/// A small app whose every "transfer" moves an amount between two accounts: a debit row and a
/// credit row that only make sense together, written in one transaction — or, with
/// `splitsTransfers`, one statement at a time. With `migratesStatementByStatement`, its schema is
/// created one statement at a time, the version recorded after the last. What the user sees is
/// the number of transfers.
@MainActor
final class SQLiteLedgerApp {
    static let key = HistoryKey("transfers")
    static let path = "/Library/ledger.sqlite"
    static let schema = [
        "CREATE TABLE account (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
        "CREATE TABLE entry (id INTEGER PRIMARY KEY, transfer INTEGER NOT NULL, amount INTEGER NOT NULL)",
    ]
    /// A transfer whose entries do not sum to zero is half of one.
    static let consistency = [
        "SELECT 'transfer ' || transfer || ' is off by ' || sum(amount) FROM entry GROUP BY transfer HAVING sum(amount) != 0",
    ]

    let environment: SimulationEnvironment
    let splitsTransfers: Bool
    let database: Database?
    private(set) var transfers: Int?

    init(environment: SimulationEnvironment, splitsTransfers: Bool, migratesStatementByStatement: Bool) {
        self.environment = environment
        self.splitsTransfers = splitsTransfers
        do {
            try environment.fileSystem.createDirectory(at: "/Library", permissions: 0o700)
            let database = try Database(path: Self.path, storage: environment.storage)
            try Self.migrate(database, statementByStatement: migratesStatementByStatement)
            transfers = try database.fetchOne("SELECT count(DISTINCT transfer) FROM entry") { row throws(SQLiteError) in
                try row.decode(Int.self, at: 0)
            }
            self.database = database
        } catch {
            database = nil
            environment.trace("ledger unavailable: \(error)")
        }
    }

    /// The schema, in one transaction with its version, or statement by statement.
    static func migrate(_ database: Database, statementByStatement: Bool) throws {
        let version = try database.fetchOne("PRAGMA user_version") { row throws(SQLiteError) in try row.decode(Int.self, at: 0) } ?? 0
        guard version == 0 else { return }
        if statementByStatement {
            for statement in schema { try database.execute(statement) }
            try database.execute("PRAGMA user_version = 1")
        } else {
            try database.transaction { database in
                for statement in schema { try database.execute(statement) }
                try database.execute("PRAGMA user_version = 1")
            }
        }
    }

    /// Moves 10 from one account to the other; acknowledged once the transfer is committed.
    func transfer() {
        guard let database, let transfers else { return }
        let next = transfers + 1
        environment.history.edit(Self.key, text: "\(next)")
        let statements: [(String, StatementArguments)] = [
            ("INSERT INTO entry (transfer, amount) VALUES (?, -10)", [next]),
            ("INSERT INTO entry (transfer, amount) VALUES (?, 10)", [next]),
        ]
        do {
            if splitsTransfers {
                for (sql, arguments) in statements { try database.execute(sql, arguments) }
            } else {
                try database.transaction { database in
                    for (sql, arguments) in statements { try database.execute(sql, arguments) }
                }
            }
            self.transfers = next
            environment.history.didSave(Self.key, text: "\(next)")
        } catch {
            environment.trace("transfer not saved: \(error)")
        }
    }

    static func app(splitsTransfers: Bool = false, migratesStatementByStatement: Bool = false) -> SimulatedApp<SQLiteLedgerApp> {
        var app = SimulatedApp(name: "SQLiteLedger") {
            SQLiteLedgerApp(environment: $0, splitsTransfers: splitsTransfers, migratesStatementByStatement: migratesStatementByStatement)
        } observe: { app in
            app.transfers.map { [VisibleValue(key, text: $0 == 0 ? nil : "\($0)")] } ?? []
        }
        app.actions = [
            UserAction(name: "transfer") { $0.incarnation.transfers != nil } perform: { context, _ in context.incarnation.transfer() },
        ]
        app.databases = [
            DatabaseCheck(name: "ledger", path: path, open: { database in
                try migrate(database, statementByStatement: migratesStatementByStatement)
            }, consistency: consistency),
        ]
        return app
    }
}
