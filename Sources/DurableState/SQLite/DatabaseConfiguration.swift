/// How a ``Database`` connection is set up when it opens.
///
/// ```swift
/// var configuration = DatabaseConfiguration()
/// configuration.durability = .survivesProcessKill   // a cache that may lose its last writes
/// let db = try Database(path: cachePath, configuration: configuration)
/// ```
///
/// Every connection opens in WAL mode with foreign keys on; what varies is the promise a commit
/// makes. A `Sendable` value owned by whoever opens the database.
public struct DatabaseConfiguration: Sendable, Equatable {
    /// What a successful commit promises, per the two kinds of death (DURABILITY.md).
    public enum Durability: Sendable, Equatable {
        /// `PRAGMA synchronous = FULL` (and `fullfsync`/`checkpoint_fullfsync` on Apple
        /// platforms, so syncs are `F_FULLFSYNC`): once `COMMIT` returns, the transaction
        /// survives a process kill **and** a power loss or OS crash. This is "saved", the
        /// promise the app may show the user. Each commit syncs the WAL file.
        case survivesPowerLoss
        /// `PRAGMA synchronous = NORMAL`: once `COMMIT` returns, the transaction survives a
        /// process kill, but the last commits may roll back after a power loss or OS crash (the
        /// database stays consistent: it never corrupts in WAL mode). Faster; suits caches and
        /// data that can be fetched again. Never call this "saved" to the user.
        case survivesProcessKill

        /// The value of `PRAGMA synchronous`.
        var synchronousPragma: String {
            switch self {
            case .survivesPowerLoss: "FULL"
            case .survivesProcessKill: "NORMAL"
            }
        }
    }

    /// What a commit promises. Default: ``Durability/survivesPowerLoss`` ("saved").
    public var durability: Durability = .survivesPowerLoss

    /// How long a statement waits for another connection's lock before failing with
    /// `SQLITE_BUSY`. The wait blocks the connection's actor (the main actor, for the app's
    /// database), so the default is zero: fail at once and let the caller decide. One writer per
    /// database is the design; a second process (an extension, a second instance that opens the
    /// file despite ``DataDirectory``) is the reason to raise it. SQLite's own file locks keep
    /// the database consistent between processes either way.
    public var busyTimeout: Duration = .zero

    /// The permission bits of a database file the connection creates (its `-wal` and `-shm`
    /// files get the same). Default: owner-only, 0600.
    public var filePermissions: UInt16 = 0o600

    /// A passive WAL checkpoint on ``Database/suspend(isolation:)``, so the WAL file does not keep
    /// growing while the app lives mostly in the background. It never waits for locks. Default: on.
    public var checkpointsOnSuspend = true

    /// The default configuration: power-loss safe commits, no busy wait, checkpoint on suspend,
    /// owner-only files.
    public init() {}
}
