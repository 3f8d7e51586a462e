import DurableState
import Foundation

/// The app's ``DatabaseCheck``s, run after every death on a copy of each database's files.
extension SimulationRun {
    /// Checks every database of the app as `death` left it, unless a violation was found already
    /// or the simulator damaged a file itself. A database whose files are what the last check
    /// found intact is not checked again.
    func checkDatabases(after death: ProcessDeath) {
        guard !app.databases.isEmpty, violation == nil, !context.history.isTainted else { return }
        for check in app.databases {
            let files = disk.contents(at: [check.path, check.path + "-wal", check.path + "-journal"])
            guard files.first?.path == check.path else { continue }
            let contents = files.map(\.contents)
            if checkedDatabases[check.path] == contents { continue }
            if let (kind, problem) = Self.problem(of: check, files: files) {
                context.report(kind, "the \(check.name) database (\(check.path)), as the \(death) left it: \(problem)")
                return
            }
            checkedDatabases[check.path] = contents
        }
    }

    /// What is wrong with the database of `check` made of `files`, or `nil`: opened on a disk of
    /// its own, checked by SQLite, opened by the app, queried for half-applied transactions.
    static func problem(of check: DatabaseCheck, files: [(path: String, contents: Data)]) -> (Violation.Kind, String)? {
        let image = DiskImage(files: Dictionary(files.map { ($0.path, DiskImage.File(data: $0.contents)) }) { first, _ in first })
        let database: Database
        do {
            database = try Database(path: check.path, storage: SimulatedDisk(image: image).mount().storage)
        } catch {
            return (.databaseDamaged, "SQLite cannot open it: \(error)")
        }
        defer { database.close() }
        do {
            let messages = try database.makeStatement("PRAGMA integrity_check").fetchAll { row throws(SQLiteError) in
                try row.decode(String.self, at: 0)
            }
            if messages != ["ok"] { return (.databaseDamaged, "PRAGMA integrity_check reports \(messages.prefix(3).joined(separator: "; "))") }
        } catch {
            return (.databaseDamaged, "PRAGMA integrity_check fails: \(error)")
        }
        do {
            try check.open(database)
        } catch {
            return (.databaseUnopenable, "the app cannot open it: \(error)")
        }
        for query in check.consistency {
            do {
                let rows = try database.fetchAll(query) { row throws(SQLiteError) in try row.decode(String?.self, at: 0) ?? "(a row)" }
                if !rows.isEmpty { return (.halfAppliedTransaction, rows.prefix(3).joined(separator: "; ")) }
            } catch {
                return (.databaseUnopenable, "the consistency query “\(query)” fails: \(error)")
            }
        }
        return nil
    }
}
