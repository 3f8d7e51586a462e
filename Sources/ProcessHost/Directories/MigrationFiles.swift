import DurableState
import Foundation

/// The file operations of a ``LegacyDirectoryMigration``, through DurableState: each tree on a
/// `POSIXFileSystem` confined to its parent (no symbolic link followed below it), copies and
/// commits by its `DurableTree`, locks by its `DataDirectory`. Errors become
/// ``MigrationError``s naming the step. Stateless but for the step hook; used by one migration
/// on one thread.
struct MigrationFiles {
    /// What claiming a directory found.
    enum Claim {
        /// This process holds it now.
        case claimed(DataDirectory)
        /// It is not there (any more).
        case gone
        /// Another process holds it; the process identifier it wrote, if readable.
        case inUse(Int32?)
        /// It could not be opened or locked.
        case failed(MigrationError)
    }

    /// One file system per parent of the trees the migration touches, longest root first.
    private let fileSystems: [POSIXFileSystem]
    private let tree: DurableTree

    init(legacy: String, directories: ApplicationDirectories, afterEachStep: @escaping @Sendable () -> Void) {
        let roots = Set([legacy, directories.data, directories.state, directories.cache].map(FilePaths.directory(of:)))
        fileSystems = roots.sorted { $0.count > $1.count }.map { POSIXFileSystem(root: $0) }
        var tree = DurableTree()
        tree.afterEachStep = afterEachStep
        self.tree = tree
    }

    /// The file system whose root holds `path`.
    private func fileSystem(for path: String) -> POSIXFileSystem {
        fileSystems.first { path.hasPrefix($0.root == "/" ? "/" : $0.root + "/") } ?? POSIXFileSystem()
    }

    /// Whether anything (a symbolic link included) is at `path`.
    func exists(_ path: String) -> Bool {
        fileSystem(for: path).itemExists(at: path)
    }

    /// Whether a directory, not a symbolic link to one, is at `path`.
    func isDirectory(_ path: String) -> Bool {
        fileSystem(for: path).directoryExists(at: path)
    }

    /// Takes the lock of the existing directory at `path` (its `DataDirectory` lock file).
    func claim(_ path: String) -> Claim {
        do {
            return .claimed(try DataDirectory.claim(path, fileSystem: fileSystem(for: path), creatingIfMissing: false))
        } catch {
            switch error {
            case .inUse(_, let holder): return .inUse(holder)
            case .unusable(_, .notFound): return .gone
            case .notADirectory: return .failed(MigrationError(operation: "lock", path: path, code: 0, reason: "not a directory; it was left in place"))
            case .unusable(_, let cause): return .failed(MigrationError(operation: "lock", cause: cause))
            }
        }
    }

    /// The names in directory `path`, sorted.
    func entries(of path: String) throws(MigrationError) -> [String] {
        do { return try fileSystem(for: path).contentsOfDirectory(at: path) } catch { throw MigrationError(operation: "list", cause: error) }
    }

    /// Creates `path` and its missing parents, 0700, each parent synced.
    func createDirectories(_ path: String) throws(MigrationError) {
        do {
            try DurableFile.createDirectory(path, fileSystem: fileSystem(for: path), permissions: 0o700)
        } catch {
            throw MigrationError(operation: "mkdir", cause: error.cause)
        }
    }

    /// Copies the tree at `source` to `destination`; `false` if `source` is not a regular file or
    /// directory (a link, a socket: left behind).
    func copy(_ source: String, to destination: String) throws(MigrationError) -> Bool {
        do {
            try tree.copy(source, in: fileSystem(for: source), to: destination, in: fileSystem(for: destination))
            return true
        } catch .symbolicLink, .notRegularFile {
            return false
        } catch {
            throw MigrationError(operation: "copy", cause: error)
        }
    }

    /// Writes the marker at `path` naming `legacy`, by the durable replace recipe.
    func writeMarker(_ path: String, naming legacy: String) throws(MigrationError) {
        do throws(DurableWriteError) {
            try DurableFile(fileSystem: fileSystem(for: path), path: path).replace(with: Data(legacy.utf8))
        } catch {
            throw MigrationError(operation: "write", cause: error.cause)
        }
    }

    /// Syncs every directory of the tree at `path`.
    func sync(_ path: String) throws(MigrationError) {
        do { try tree.sync(path, in: fileSystem(for: path)) } catch { throw MigrationError(operation: "fsync", cause: error) }
    }

    /// Renames `staging` into its place `final`, both directories synced; fails if a directory
    /// that holds anything is there.
    func commit(_ staging: String, to final: String) throws(MigrationError) {
        do { try tree.rename(staging, to: final, in: fileSystem(for: final)) } catch { throw MigrationError(operation: "rename", cause: error) }
    }

    /// Renames the legacy directory aside for its removal.
    func renameAside(_ legacy: String, to removing: String) throws(MigrationError) {
        try commit(legacy, to: removing)
    }

    /// Removes `marker` (if given), then the tree at `removing`.
    func finishRemoving(_ removing: String, marker: String?) throws(MigrationError) {
        if let marker, exists(marker) {
            do { try tree.removeFile(marker, in: fileSystem(for: marker)) } catch { throw MigrationError(operation: "unlink", cause: error) }
        }
        try removeTree(removing)
    }

    /// Removes the tree at `path` (links themselves, never what they point to); nothing there is
    /// a success.
    func removeTree(_ path: String) throws(MigrationError) {
        do { try tree.remove(path, in: fileSystem(for: path)) } catch { throw MigrationError(operation: "remove", cause: error) }
    }
}
