import CSQLite
import DurableState
import Foundation
import Synchronization

/// A SQLite VFS whose files live on the simulated disk: SQLite's writes are pending until it
/// syncs, a power loss keeps what the disk's crash policy lets through, and a kill can land
/// between any two of its calls.
///
/// ```swift
/// let disk = SimulatedDisk()
/// let fileSystem = disk.mount()
/// let db = try Database(path: "/Library/notes.sqlite", storage: fileSystem.storage)   // on this VFS
/// ```
///
/// One VFS per file-system view (a process incarnation), registered with
/// `sqlite3_vfs_register` — never as the default — under a name of its own
/// (`lifeline-simulated-…`, the view's `sqliteVFSName`), which `Database` passes to
/// `sqlite3_open_v2`. Every file SQLite opens goes through ``SQLiteFileStorage``: the
/// database, its `-journal` and `-wal`, and temporary files (under ``temporaryDirectory``);
/// the WAL index that the unix VFS keeps in `-shm` and the file locks live in this object, the
/// incarnation's memory (``SQLiteSharedMemory``, ``SQLiteFileLocks``). Time comes from the
/// view's clock and random bytes from its seed; I/O capabilities are
/// `SQLITE_IOCAP_POWERSAFE_OVERWRITE` only, with ``SimulatedDisk/sectorSize``-byte sectors, and
/// there is no memory-mapped I/O (see the Storage article).
///
/// Thread-safe: its mutable state is behind one mutex. Owned by the view's ``SQLiteVFSSlot`` and
/// retained by every file open through it; unregistered when the last of them lets go.
final class SimulatedSQLiteVFS: @unchecked Sendable {
    // Safe because `vfs`, `cName` and `ioMethods` are written once in `init`, read by SQLite
    // (which takes its own mutex to look a VFS up) and freed in `deinit`, after unregistering;
    // every other mutable state is in `state`, behind its mutex.

    /// What the VFS keeps for the files open through it.
    struct State {
        var locks = SQLiteFileLocks()
        /// The WAL index of each database, by the database's path.
        var sharedMemory: [String: SQLiteSharedMemory] = [:]
        /// Writes and truncations so far, by the path of the database they belong to (its own
        /// file, journal or WAL): a commit with none since the last is not recorded.
        var changes: [String: Int] = [:]
        var nextFile = 0
        var nextTemporaryFile = 0
        var random: SimulationRandom
    }

    /// Where the files are.
    let storage: any SQLiteFileStorage
    /// The name the VFS is registered under.
    let name: String
    let state: Mutex<State>
    private let vfs: UnsafeMutablePointer<sqlite3_vfs>
    private let cName: UnsafeMutablePointer<CChar>
    /// The methods of every file the VFS opens.
    let ioMethods: UnsafeMutablePointer<sqlite3_io_methods>

    /// Where files SQLite opens without a name (temporary files) are created.
    static let temporaryDirectory = "/tmp"
    /// The date at virtual instant zero (every incarnation's `VirtualClock` origin), in
    /// milliseconds since 1970.
    static let originMilliseconds: Int64 = 1_800_000_000_000
    /// The longest path the VFS accepts.
    static let maximumPathLength: Int32 = 512

    /// Registers a VFS over `storage` and seeds SQLite's random generator from the storage's
    /// seed (see ``seedSQLiteRandomness(_:)``).
    init(storage: any SQLiteFileStorage) {
        self.storage = storage
        vfs = .allocate(capacity: 1)
        name = "lifeline-simulated-" + String(UInt(bitPattern: vfs), radix: 16)
        let utf8 = Array(name.utf8CString)
        cName = .allocate(capacity: utf8.count)
        cName.initialize(from: utf8, count: utf8.count)
        ioMethods = .allocate(capacity: 1)
        ioMethods.initialize(to: SimulatedSQLiteFile.methods)
        state = Mutex(State(random: SimulationRandom(seed: storage.randomSeed)))
        vfs.initialize(to: Self.methods(name: cName))
        vfs.pointee.pAppData = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_vfs_register(vfs, 0)
        Self.seedSQLiteRandomness(storage.randomSeed)
    }

    deinit {
        sqlite3_vfs_unregister(vfs)
        vfs.deinitialize(count: 1)
        vfs.deallocate()
        cName.deallocate()
        ioMethods.deinitialize(count: 1)
        ioMethods.deallocate()
    }

    /// The VFS behind a `sqlite3_vfs` SQLite hands a callback.
    static func from(_ vfs: UnsafeMutablePointer<sqlite3_vfs>?) -> SimulatedSQLiteVFS? {
        guard let data = vfs?.pointee.pAppData else { return nil }
        return Unmanaged<SimulatedSQLiteVFS>.fromOpaque(data).takeUnretainedValue()
    }

    /// Seeds SQLite's own random generator, which it draws journal nonces and WAL salts from.
    ///
    /// SQLite seeds that generator once per process from the *default* VFS's `xRandomness`,
    /// never from this one, so a seed alone would not replay the bytes it writes. The generator
    /// is process-wide: the bytes replay exactly when one simulation at a time uses SQLite in
    /// the process (the explorer's case); SQLite elsewhere in the process then draws from the
    /// seeded generator too (its nonces and salts are still distinct per file, only predictable).
    static func seedSQLiteRandomness(_ seed: UInt64) {
        // Zero means "no seed" to SQLite.
        let value = Int32(truncatingIfNeeded: seed ^ (seed >> 32)) | 1
        _ = lifeline_sqlite3_seed_randomness(value)
    }

    /// The path of the next temporary file.
    func temporaryPath() -> String {
        let number = state.withLock { state in
            state.nextTemporaryFile += 1
            return state.nextTemporaryFile
        }
        return Self.temporaryDirectory + "/sqlite-temporary-\(number)"
    }

    /// The number of the next file opened.
    func nextFileNumber() -> Int {
        state.withLock { state in
            state.nextFile += 1
            return state.nextFile
        }
    }

    /// Counts a write or truncation of a file of the database at `database`.
    func countChange(of database: String) {
        state.withLock { $0.changes[database, default: 0] += 1 }
    }

    /// The writes and truncations of the database at `database`'s files so far.
    func changeCount(of database: String) -> Int {
        state.withLock { $0.changes[database] ?? 0 }
    }

    /// The device's time as SQLite wants it: milliseconds since noon in Greenwich on
    /// November 24, 4714 BC (the Julian day number times 86,400,000).
    var julianMilliseconds: Int64 {
        Self.unixEpochJulianMilliseconds + storage.unixMilliseconds
    }

    /// 1970-01-01T00:00:00Z as a Julian day in milliseconds (2440587.5 × 86,400,000).
    static let unixEpochJulianMilliseconds: Int64 = 210_866_760_000_000

    /// Fills `buffer` with `count` bytes from the VFS's seeded generator (`xRandomness`).
    func fillRandomly(_ buffer: UnsafeMutablePointer<CChar>, count: Int) {
        state.withLock { state in
            var index = 0
            while index < count {
                var word = state.random.next()
                for _ in 0..<min(8, count - index) {
                    buffer[index] = CChar(bitPattern: UInt8(truncatingIfNeeded: word))
                    word >>= 8
                    index += 1
                }
            }
        }
    }
}
