/// Whole directory trees handled by the durable recipe: copied file by file into a new place
/// (each file created new and synced, each directory synced), renamed into place with both
/// directories synced, and removed — never following a link.
///
/// ```swift
/// let tree = DurableTree()
/// try tree.copy(old + "/notes", in: home, to: staging + "/notes", in: data)   // every byte synced
/// try tree.rename(staging, to: final, in: data)                                // the commit
/// ```
///
/// What a copy takes: regular files and directories, with their permission bits; a symbolic
/// link, FIFO, socket or device below the source is left out (it is neither read nor followed).
/// A copy writes only names that did not exist (``FileSystem/createNewFile(_:at:permissions:)``),
/// so it never overwrites. A rename never replaces a directory that holds anything: renaming
/// over one fails, which is how a move into place refuses a directory another process created
/// (and holds) meanwhile.
///
/// A stateless value, `Sendable`; each call goes through the file systems it is given (a
/// ``POSIXFileSystem`` confined to each tree's parent, say). Not atomic as a whole: build the
/// new tree beside its final name and ``rename(_:to:in:)`` it into place, as
/// `LegacyDirectoryMigration` in ProcessHost does.
public struct DurableTree: Sendable {
    /// Called after each file operation (a test kills the process there).
    package var afterEachStep: @Sendable () -> Void = {}

    /// A tree mover.
    public init() {}

    /// Copies the file or directory tree at `source` (on `sourceSystem`) to `destination` (on
    /// `destinationSystem`), which must not exist, and returns how many files it copied. Every
    /// file is synced when it is written and every directory once its entries are in.
    /// - Throws: ``FileSystemError`` naming the path that failed; what was copied so far stays.
    @discardableResult
    public func copy(
        _ source: String, in sourceSystem: any FileSystem, to destination: String, in destinationSystem: any FileSystem
    ) throws(FileSystemError) -> Int {
        let permissions = try sourceSystem.permissions(at: source)
        if sourceSystem.directoryExists(at: source) {
            try destinationSystem.createDirectory(at: destination, permissions: permissions)
            var copied = 0
            for name in try sourceSystem.contentsOfDirectory(at: source) {
                do {
                    copied += try copy(
                        FilePaths.join(source, name), in: sourceSystem, to: FilePaths.join(destination, name), in: destinationSystem)
                } catch .symbolicLink, .notRegularFile {
                    continue
                }
            }
            try destinationSystem.syncDirectory(at: destination)
            afterEachStep()
            return copied
        }
        let contents = try sourceSystem.readFile(at: source)
        try destinationSystem.createNewFile(contents, at: destination, permissions: permissions)
        afterEachStep()
        return 1
    }

    /// Syncs every directory of the tree at `path`, deepest first.
    /// - Throws: ``FileSystemError`` naming the directory that failed.
    public func sync(_ path: String, in fileSystem: any FileSystem) throws(FileSystemError) {
        guard fileSystem.directoryExists(at: path) else { return }
        for name in try fileSystem.contentsOfDirectory(at: path) {
            try sync(FilePaths.join(path, name), in: fileSystem)
        }
        try fileSystem.syncDirectory(at: path)
    }

    /// Renames `source` to `destination` (in one directory, or two on one device), then syncs
    /// the directory of each, so the new name survives a power loss. A directory that holds
    /// anything at `destination` is not replaced: the rename fails.
    /// - Throws: ``FileSystemError``; if the sync failed, the rename happened but may not survive
    ///   a power loss.
    public func rename(_ source: String, to destination: String, in fileSystem: any FileSystem) throws(FileSystemError) {
        try fileSystem.rename(from: source, to: destination)
        try fileSystem.syncDirectory(at: FilePaths.directory(of: destination))
        if FilePaths.directory(of: source) != FilePaths.directory(of: destination) {
            try fileSystem.syncDirectory(at: FilePaths.directory(of: source))
        }
        afterEachStep()
    }

    /// Removes the file at `path` and syncs its directory.
    /// - Throws: ``FileSystemError``; the file may then remain.
    public func removeFile(_ path: String, in fileSystem: any FileSystem) throws(FileSystemError) {
        try fileSystem.removeItem(at: path)
        try fileSystem.syncDirectory(at: FilePaths.directory(of: path))
        afterEachStep()
    }

    /// Removes the tree at `path`: a link below it is removed, never what it points to. Nothing
    /// is synced (removing is never what a save waits for); nothing there is a success.
    /// - Throws: ``FileSystemError``; what was not removed yet stays.
    public func remove(_ path: String, in fileSystem: any FileSystem) throws(FileSystemError) {
        guard fileSystem.itemExists(at: path) else { return }
        if fileSystem.directoryExists(at: path) {
            for name in try fileSystem.contentsOfDirectory(at: path) {
                try remove(FilePaths.join(path, name), in: fileSystem)
            }
        }
        try fileSystem.removeItem(at: path)
        afterEachStep()
    }
}
