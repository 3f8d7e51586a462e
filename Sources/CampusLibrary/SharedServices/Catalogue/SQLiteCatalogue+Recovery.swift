import DurableState
import Lifecycle

/// Opening the catalogue database, and moving a damaged one aside so that it is rebuilt.
extension SQLiteCatalogue {
    /// The database opened, migrated and passing `PRAGMA quick_check`; else the file (with its
    /// `-wal` and `-shm`) is moved aside and a new, empty database opened in its place.
    func openOrRebuild() throws(CatalogueError) -> Database {
        let failure: CatalogueError
        do {
            return try Self.openChecked(path)
        } catch {
            failure = error
        }
        guard fileSystem.itemExists(at: path) else { throw failure }
        let movedTo: String
        do {
            movedTo = try Quarantine.moveDatabase(path, fileSystem: fileSystem, at: clock.date)
        } catch {
            logger.error("The catalogue database is unusable (\(failure.description, privacy: .public)) and could not be moved aside: \(error.description, privacy: .public)")
            throw failure
        }
        quarantinedPath = movedTo
        logger.warning(
            "The catalogue database was unusable (\(failure.description, privacy: .public)); it was moved aside to \(FilePaths.name(of: movedTo), privacy: .public) and is rebuilt from the bundled catalogue."
        )
        return try Self.openChecked(path)
    }

    /// Opens and migrates the database, then checks it.
    static func openChecked(_ path: String) throws(CatalogueError) -> Database {
        let database = try open(path)
        let problems = try catching { try database.quickCheck() }
        guard problems.isEmpty else {
            database.close()
            throw .database(code: ResultCode.corrupt.rawValue, message: "PRAGMA quick_check found damage: \(problems.prefix(3).joined(separator: "; "))")
        }
        return database
    }
}
