import Foundation

/// One file replaced by the durable replace recipe — the only way a Lifeline store reports that a
/// save succeeded.
///
/// ```swift
/// let file = DurableFile(fileSystem: fileSystem, path: "/data/cart.json")
/// try file.replace(with: bytes)   // returns only once the new bytes survive a power loss
/// ```
///
/// The recipe: write a new temporary file in the same directory and sync it (`F_FULLFSYNC` on
/// Apple platforms) → optionally move the previous generation to the backup name → rename the
/// temporary file over the target → sync the directory. A kill or power loss at any step leaves
/// the old contents or the new ones, never a mix; only after the directory sync is the new name
/// durable. A missing directory is created (and its parent synced) on the first write.
///
/// Each write creates its own temporary name (`.<name>.<n>.tmp`, the first free `n`, created
/// exclusively), so two writers never write into, rename or remove each other's file; a temporary
/// left by a writer that died is removed by ``removeStaleTemporaries(now:)`` once it is old
/// enough that no writer can still be using it.
///
/// Files are created owner-only (0600) and missing directories 0700 by default, whatever the
/// umask; pass wider `permissions` (0644) for a document meant to be shared.
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

    /// How old a temporary file must be before ``removeStaleTemporaries(now:)`` treats it as left
    /// by a writer that died: far longer than one write, sync and rename take.
    public static let staleTemporaryAge: TimeInterval = 60

    /// How many temporary names a replace tries before giving up (each taken by a writer in
    /// flight or a leftover not yet stale).
    static let maximumTemporaries = 256

    /// Describes the file at `path`; nothing is touched until a call.
    public init(fileSystem: any FileSystem, path: String, permissions: UInt16 = 0o600) {
        self.fileSystem = fileSystem
        self.path = path
        self.permissions = permissions
    }

    /// The directory that holds the target, its temporary files and its backup.
    public var directory: String { FilePaths.directory(of: path) }

    /// The bits of the directories it creates: ``permissions`` with search (`x`) added wherever
    /// read is granted (0600 → 0700, 0644 → 0755).
    public var directoryPermissions: UInt16 { Self.directoryPermissions(forFile: permissions) }

    /// Where ``replace(with:keepingBackup:)`` moves the previous generation when asked to keep it.
    public var backupPath: String { Self.backupPath(of: path) }

    /// Where ``replace(with:keepingBackup:)`` keeps the previous generation of the file at `path`.
    public static func backupPath(of path: String) -> String { path + ".bak" }

    /// The `number`-th temporary name of the target: hidden, in the same directory, so the
    /// rename is atomic.
    public func temporaryPath(_ number: Int) -> String {
        FilePaths.join(directory, "." + FilePaths.name(of: path) + ".\(number).tmp")
    }

    /// The target whose temporary file `path` is (``temporaryPath(_:)``, or the single
    /// `.<name>.tmp` of earlier versions), or `nil` if `path` is no such name.
    ///
    /// ```swift
    /// DurableFile.target(ofTemporary: "/data/.notes.json.3.tmp")   // "/data/notes.json"
    /// ```
    public static func target(ofTemporary path: String) -> String? {
        var name = Substring(FilePaths.name(of: path))
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        name = name.dropFirst().dropLast(4)
        if let dot = name.lastIndex(of: "."), Int(name[name.index(after: dot)...]) != nil { name = name[..<dot] }
        guard !name.isEmpty else { return nil }
        return FilePaths.join(FilePaths.directory(of: path), String(name))
    }

    /// Replaces the target's contents with `data` by the durable replace recipe.
    ///
    /// With `keepingBackup`, the current target (if any) is first renamed to ``backupPath``, so a
    /// reader that finds no target falls back to the backup: every crash state holds the old or
    /// the new generation at one of the two names.
    ///
    /// - Throws: ``DurableWriteError`` naming the failed step. Before the rename over the target
    ///   the previous contents are intact; if the directory sync fails they are replaced but may
    ///   not survive a power loss. This write's temporary file is removed when possible.
    public func replace(with data: Data, keepingBackup: Bool = false) throws(DurableWriteError) {
        let temporary: String
        do {
            temporary = try writeTemporary(data)
        } catch .notFound where !fileSystem.itemExists(at: directory) {
            try Self.createDirectory(directory, fileSystem: fileSystem, permissions: directoryPermissions, forWriting: path)
            do {
                temporary = try writeTemporary(data)
            } catch {
                throw DurableWriteError(step: .writeTemporary, path: path, cause: error)
            }
        } catch {
            throw DurableWriteError(step: .writeTemporary, path: path, cause: error)
        }
        if keepingBackup {
            do {
                try fileSystem.rename(from: path, to: backupPath)
            } catch .notFound {
                // Already gone: nothing to keep.
            } catch {
                try? fileSystem.removeItem(at: temporary)
                throw DurableWriteError(step: .keepBackup, path: path, cause: error)
            }
        }
        do {
            try fileSystem.rename(from: temporary, to: path)
        } catch {
            try? fileSystem.removeItem(at: temporary)
            throw DurableWriteError(step: .replace, path: path, cause: error)
        }
        do {
            try fileSystem.syncDirectory(at: directory)
        } catch {
            throw DurableWriteError(step: .syncDirectory, path: path, cause: error)
        }
    }

    /// The target's contents.
    /// - Throws: ``FileSystemError``; ``FileSystemError/notFound(_:)`` when there is none.
    public func read() throws(FileSystemError) -> Data {
        try fileSystem.readFile(at: path)
    }

    /// The target's temporary files that exist now: the numbered names up to the first free one,
    /// and the single name of earlier versions (`.<name>.tmp`).
    public func existingTemporaries() -> [String] {
        var found: [String] = []
        let legacy = FilePaths.join(directory, "." + FilePaths.name(of: path) + ".tmp")
        if fileSystem.itemExists(at: legacy) { found.append(legacy) }
        for number in 1...Self.maximumTemporaries {
            let candidate = temporaryPath(number)
            guard fileSystem.itemExists(at: candidate) else { break }
            found.append(candidate)
        }
        return found
    }

    /// Removes the target's temporary files left by writes that were interrupted (their contents
    /// were never committed): those last modified at least ``staleTemporaryAge`` before `now`,
    /// or whose modification time the file system does not record (the simulated disks, where
    /// one process runs at a time). A younger one may belong to a writer in flight and is left.
    /// Failures are ignored: a leftover costs a name, never data.
    public func removeStaleTemporaries(now: Date) {
        for temporary in existingTemporaries() {
            let modified: Date?
            do {
                modified = try fileSystem.modificationDate(at: temporary)
            } catch {
                continue
            }
            if let modified, now.timeIntervalSince(modified) < Self.staleTemporaryAge { continue }
            try? fileSystem.removeItem(at: temporary)
        }
    }

    /// Creates `directory` and any missing parents with `permissions` (owner-only by default),
    /// syncing each parent that gained an entry so the new directories survive a power loss.
    /// - Throws: ``DurableWriteError`` with step ``DurableWriteError/Step/createDirectory``.
    public static func createDirectory(
        _ directory: String, fileSystem: any FileSystem, permissions: UInt16 = 0o700, forWriting path: String? = nil
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

    /// The directory bits that go with file bits `permissions`: search wherever read is granted.
    public static func directoryPermissions(forFile permissions: UInt16) -> UInt16 {
        permissions | (permissions & 0o444) >> 2
    }

    /// Writes and syncs `data` under the first free temporary name and returns that name.
    private func writeTemporary(_ data: Data) throws(FileSystemError) -> String {
        for number in 1...Self.maximumTemporaries {
            let candidate = temporaryPath(number)
            do {
                try fileSystem.createNewFile(data, at: candidate, permissions: permissions)
                return candidate
            } catch .alreadyExists {
                continue
            }
        }
        throw .alreadyExists(temporaryPath(Self.maximumTemporaries))
    }
}
