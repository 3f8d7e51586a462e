import Foundation

/// One file replaced by the durable replace recipe — the only way a Lifeline store reports that a
/// save succeeded.
///
/// ```swift
/// let file = DurableFile(fileSystem: fileSystem, path: "/data/cart.json")
/// try file.replace(with: bytes)   // returns only once the new bytes survive a power loss
/// ```
///
/// The recipe: write a temporary file in the same directory and sync it (`F_FULLFSYNC` on Apple
/// platforms) → optionally move the previous generation to the backup name → rename the temporary
/// file over the target → sync the directory. A kill or power loss at any step leaves the old
/// contents or the new ones, never a mix; only after the directory sync is the new name durable.
/// A missing directory is created (and its parent synced) on the first write.
///
/// A value, `Sendable`; the store that owns the file creates it. It keeps no state, so two values
/// for the same path are interchangeable, but the stores that use it run on the main actor so that
/// only one replace of a file is in flight at a time.
public struct DurableFile: Sendable {
    /// The file system every call goes through.
    public let fileSystem: any FileSystem
    /// The target's absolute path.
    public let path: String
    /// Permission bits for the files it creates.
    public let permissions: UInt16

    /// Describes the file at `path`; nothing is touched until a call.
    public init(fileSystem: any FileSystem, path: String, permissions: UInt16 = 0o644) {
        self.fileSystem = fileSystem
        self.path = path
        self.permissions = permissions
    }

    /// The directory that holds the target, its temporary file and its backup.
    public var directory: String { FilePaths.directory(of: path) }

    /// Where the next generation is written before it is renamed over the target: a hidden name
    /// in the same directory, so the rename is atomic. Leftovers of a killed write are overwritten
    /// by the next one.
    public var temporaryPath: String {
        FilePaths.join(directory, "." + FilePaths.name(of: path) + ".tmp")
    }

    /// Where ``replace(with:keepingBackup:)`` moves the previous generation when asked to keep it.
    public var backupPath: String { path + ".bak" }

    /// Replaces the target's contents with `data` by the durable replace recipe.
    ///
    /// With `keepingBackup`, the current target (if any) is first renamed to ``backupPath``, so a
    /// reader that finds no target falls back to the backup: every crash state holds the old or
    /// the new generation at one of the two names.
    ///
    /// - Throws: ``DurableWriteError`` naming the failed step. Before the rename over the target
    ///   the previous contents are intact; if the directory sync fails they are replaced but may
    ///   not survive a power loss. The temporary file is removed when possible.
    public func replace(with data: Data, keepingBackup: Bool = false) throws(DurableWriteError) {
        let temporary = temporaryPath
        do {
            try fileSystem.writeAndSyncFile(data, to: temporary, permissions: permissions)
        } catch .notFound where !fileSystem.itemExists(at: directory) {
            try Self.createDirectory(directory, fileSystem: fileSystem, forWriting: path)
            try step(.writeTemporary) { () throws(FileSystemError) in
                try fileSystem.writeAndSyncFile(data, to: temporary, permissions: permissions)
            }
        } catch {
            removeTemporary()
            throw DurableWriteError(step: .writeTemporary, path: path, cause: error)
        }
        if keepingBackup {
            do {
                try fileSystem.rename(from: path, to: backupPath)
            } catch .notFound {
                // Already gone: nothing to keep.
            } catch {
                removeTemporary()
                throw DurableWriteError(step: .keepBackup, path: path, cause: error)
            }
        }
        do {
            try fileSystem.rename(from: temporary, to: path)
        } catch {
            removeTemporary()
            throw DurableWriteError(step: .replace, path: path, cause: error)
        }
        try step(.syncDirectory) { () throws(FileSystemError) in try fileSystem.syncDirectory(at: directory) }
    }

    /// The target's contents.
    /// - Throws: ``FileSystemError``; ``FileSystemError/notFound(_:)`` when there is none.
    public func read() throws(FileSystemError) -> Data {
        try fileSystem.readFile(at: path)
    }

    /// Removes a temporary file left by a write that was interrupted (its contents were never
    /// committed). Failures are ignored: the next write overwrites it anyway.
    public func removeTemporary() {
        try? fileSystem.removeItem(at: temporaryPath)
    }

    /// Creates `directory` and any missing parents with `permissions`, syncing
    /// each parent that gained an entry so the new directories survive a power loss.
    /// - Throws: ``DurableWriteError`` with step ``DurableWriteError/Step/createDirectory``.
    public static func createDirectory(
        _ directory: String, fileSystem: any FileSystem, permissions: UInt16 = 0o755, forWriting path: String? = nil
    ) throws(DurableWriteError) {
        var missing: [String] = []
        var current = directory
        while !fileSystem.itemExists(at: current), current != "/", current != "." {
            missing.append(current)
            current = FilePaths.directory(of: current)
        }
        do {
            try fileSystem.createDirectory(at: directory, permissions: permissions)
            for created in missing.reversed() {
                try fileSystem.syncDirectory(at: FilePaths.directory(of: created))
            }
        } catch {
            throw DurableWriteError(step: .createDirectory, path: path ?? directory, cause: error)
        }
    }

    private func step(_ step: DurableWriteError.Step, _ body: () throws(FileSystemError) -> Void) throws(DurableWriteError) {
        do {
            try body()
        } catch {
            if step == .writeTemporary { removeTemporary() }
            throw DurableWriteError(step: step, path: path, cause: error)
        }
    }
}
