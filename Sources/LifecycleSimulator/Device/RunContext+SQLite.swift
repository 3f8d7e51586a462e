/// The trace records of SQLite on the simulated disk.
extension RunContext {
    /// Records that SQLite committed a transaction of the database at `path`, in the database's
    /// own lane (`sqlite /Library/notes.sqlite`), if `incarnation` is alive.
    func recordSQLiteCommit(ofDatabaseAt path: String, incarnation: Int) {
        guard isAlive(incarnation) else { return }
        record("sqlite \(path)", "commit") { hash in
            hash.combine(byte: 40)
            hash.combine(path)
        }
    }
}
