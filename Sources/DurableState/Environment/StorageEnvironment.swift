import LifelineHistory

/// Where an app's stores keep their data, and who hears about it: the file system, the history
/// a simulation checks the stores against, and the SQLite VFS that keeps databases on that file
/// system.
///
/// ```swift
/// // On a device (or in a terminal):
/// let storage = StorageEnvironment(fileSystem: POSIXFileSystem())
/// // On the lifecycle simulator's virtual device: `SimulationEnvironment.storage`.
/// let notes = DocumentStore(storage: storage, path: "/data/notes.json", defaultValue: [Note](), clock: clock)
/// ```
///
/// Every store of DurableState takes one (``DocumentStore``, ``Preferences``,
/// ``RestorationStore``, ``DurableValueStorage``, ``Database``) and reports what the user edited,
/// what is saved and what it read back to ``history`` — `nil` on a device, so a report there is
/// one `nil` check. The app passes the same value to each of its stores, so none of them can be
/// left out of a simulation's checks by mistake. A value, `Sendable`; made by the composition
/// root (or the simulator, for each process it launches).
public struct StorageEnvironment: Sendable {
    /// Where the files are.
    public var fileSystem: any FileSystem
    /// Where the stores report their edits, saves and reads on a simulated device; `nil` on a
    /// device.
    public var history: (any StorageHistory)?
    /// Whether the device is locked, which every store consults with its ``DataProtection``
    /// class before it reads or writes. ``AlwaysAvailable`` by default: Linux has no data
    /// protection, and on Apple platforms the system enforces the classes itself. The simulator
    /// gives the source of its device, which locks.
    public var protectedData: any ProtectedDataAvailability
    /// The name of the SQLite VFS (registered with `sqlite3_vfs_register`) that keeps a
    /// ``Database``'s files on ``fileSystem``, or `nil` for SQLite's default VFS, on real files.
    /// Read when a database opens, not before: a simulated disk registers its VFS only then.
    public var sqliteVFSName: String? { vfsName() }
    private let vfsName: @Sendable () -> String?

    /// The environment of `fileSystem`: reporting to `history` (none by default), with databases
    /// through the VFS named `sqliteVFSName` (SQLite's default by default), evaluated when a
    /// database first asks for it, on a device whose lock state `protectedData` gives (never
    /// locked by default).
    public init(
        fileSystem: any FileSystem, history: (any StorageHistory)? = nil,
        sqliteVFSName: @autoclosure @escaping @Sendable () -> String? = nil,
        protectedData: any ProtectedDataAvailability = AlwaysAvailable()
    ) {
        self.fileSystem = fileSystem
        self.history = history
        self.vfsName = sqliteVFSName
        self.protectedData = protectedData
    }

    /// ``fileSystem`` with its files' contents protected by `protection`, as ``protectedData``
    /// says: what a store of that class reads and writes through. ``fileSystem`` itself when
    /// nothing can be refused (the class is ``DataProtection/none``, or the device never locks).
    public func fileSystem(protectedBy protection: DataProtection) -> any FileSystem {
        if protection == .none || protectedData is AlwaysAvailable { return fileSystem }
        return ProtectedFileSystem(base: fileSystem, protection: protection, availability: protectedData)
    }
}
