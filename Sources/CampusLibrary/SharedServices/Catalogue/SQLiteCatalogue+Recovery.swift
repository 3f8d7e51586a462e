import DurableState
import Lifecycle

/// Opening the catalogue database, checking it, and moving a damaged one aside so that it is
/// rebuilt.
extension SQLiteCatalogue {
    /// The database opened and migrated; if that fails, the file (with its `-wal` and `-shm`) is
    /// moved aside and a new, empty database opened in its place.
    func openOrRebuild() throws(CatalogueError) -> Database {
        let failure: CatalogueError
        do {
            return try Self.open(path, storage: storage)
        } catch {
            failure = error
        }
        try moveAside(because: failure.description, failure: failure)
        return try Self.open(path, storage: storage)
    }

    /// Checks the open database with `PRAGMA quick_check` on a connection of its own, off the
    /// main actor (it reads every page: a large catalogue would hold up the launch); if the check
    /// finds damage, the database is moved aside and rebuilt from the seed, and searches go to
    /// the new one.
    func checkIntegrity() async {
        let checker = CatalogueIntegrityCheck()
        guard let problems = await checker.problems(in: path, storage: storage), !problems.isEmpty, database != nil else { return }
        let reason = "PRAGMA quick_check found damage: \(problems.prefix(3).joined(separator: "; "))"
        suspension?.cancel()
        suspension = nil
        database?.close()
        database = nil
        do {
            try moveAside(because: reason, failure: .database(code: ResultCode.corrupt.rawValue, message: reason))
            try openDatabase(checkingIntegrity: false)
        } catch {
            logger.error("The damaged catalogue could not be rebuilt: \(error.description, privacy: .public)")
        }
    }

    private func moveAside(because reason: String, failure: CatalogueError) throws(CatalogueError) {
        guard fileSystem.itemExists(at: path) else { throw failure }
        let movedTo: String
        do {
            movedTo = try Quarantine.moveDatabase(path, fileSystem: fileSystem, at: clock.date)
        } catch {
            logger.error("The catalogue database is unusable (\(reason, privacy: .public)) and could not be moved aside: \(error.description, privacy: .public)")
            throw failure
        }
        quarantinedPath = movedTo
        logger.warning(
            "The catalogue database was unusable (\(reason, privacy: .public)); it was moved aside to \(FilePaths.name(of: movedTo), privacy: .public) and is rebuilt from the bundled catalogue."
        )
        let removed = Quarantine.trim(path, fileSystem: fileSystem)
        if !removed.isEmpty {
            let names = removed.map(FilePaths.name(of:)).joined(separator: ", ")
            logger.warning("Older damaged catalogue copies were deleted to keep the newest \(Quarantine.keptCopies, privacy: .public): \(names, privacy: .public)")
        }
    }
}

/// A connection of its own, on its own actor, that runs `PRAGMA quick_check` while the main
/// actor's connection serves searches (WAL lets the two read at once). Created per check; it
/// closes its connection before returning.
actor CatalogueIntegrityCheck {
    /// The problems `quick_check` reports (empty when intact); a file too damaged to be read
    /// counts as one problem; `nil` when the check could not run for another reason (busy).
    func problems(in path: String, storage: StorageEnvironment) -> [String]? {
        do {
            var configuration = DatabaseConfiguration()
            configuration.busyTimeout = .seconds(1)
            let database = try Database(
                path: path, storage: storage, configuration: configuration, protection: .completeUntilFirstUserAuthentication)
            defer { database.close() }
            return try database.quickCheck()
        } catch let error where error.resultCode == .corrupt || error.resultCode == .notADatabase {
            return [error.description]
        } catch {
            return nil
        }
    }
}
