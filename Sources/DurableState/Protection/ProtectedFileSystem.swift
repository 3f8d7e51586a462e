import Foundation

/// A ``FileSystem`` whose file contents are protected by one ``DataProtection`` class: each call
/// that opens a file asks ``availability`` first and, when the class forbids it, throws
/// ``FileSystemError/protectedDataUnavailable(_:)`` without touching the file.
///
/// ```swift
/// let files = storage.fileSystem(protectedBy: .complete)   // what DocumentStore and Preferences use
/// ```
///
/// Reading a file, syncing one, or writing over one that exists opens an existing file
/// (``ProtectedDataAccess/openExisting``); writing a file where there is none creates one
/// (``ProtectedDataAccess/createNew``), as a durable replace's temporary file does. Names and
/// directories are not protected by a class (renames, removals, listings, directory syncs, file
/// locks and permissions go through), as on iOS, where only file contents are encrypted with the
/// class key. Every file the stores built on it write is of its class: each one is given it through
/// `base`'s ``FileSystem/setProtection(_:at:)`` (on Apple platforms, its `FileProtectionType`).
///
/// A value, `Sendable`; made by ``StorageEnvironment/fileSystem(protectedBy:)`` for each store.
public struct ProtectedFileSystem: FileSystem {
    /// The file system the calls go to once allowed.
    public let base: any FileSystem
    /// The class of the files.
    public let protection: DataProtection
    /// Where the device's lock state comes from.
    public let availability: any ProtectedDataAvailability

    /// The files of `base`, protected by `protection` as `availability` says.
    public init(base: any FileSystem, protection: DataProtection, availability: any ProtectedDataAvailability) {
        self.base = base
        self.protection = protection
        self.availability = availability
    }

    /// Refuses `access` to `path` (for a write when `writing`) when the class forbids it now,
    /// and tells ``availability`` so; a file that is not there is left to `base` to report
    /// (opening a missing file fails as "not found", locked or not).
    private func check(_ access: ProtectedDataAccess, _ path: String, writing: Bool = false) throws(FileSystemError) {
        do {
            try availability.check(access, to: path, protectedBy: protection)
        } catch {
            if access == .openExisting, !base.itemExists(at: path) { return }
            availability.didRefuse(error, writing: writing)
            throw .protectedDataUnavailable(error)
        }
    }

    /// The access a write of `path` makes: creating a new file, or opening the one there.
    private func writeAccess(_ path: String) -> ProtectedDataAccess {
        base.itemExists(at: path) ? .openExisting : .createNew
    }

    public func readFile(at path: String) throws(FileSystemError) -> Data {
        try check(.openExisting, path)
        return try base.readFile(at: path)
    }

    public func readFile(at path: String, maximumSize: Int) throws(FileSystemError) -> (contents: Data, size: Int) {
        try check(.openExisting, path)
        return try base.readFile(at: path, maximumSize: maximumSize)
    }

    public func itemExists(at path: String) -> Bool { base.itemExists(at: path) }

    public func directoryExists(at path: String) -> Bool { base.directoryExists(at: path) }

    public func createDirectory(at path: String, permissions: UInt16) throws(FileSystemError) {
        try base.createDirectory(at: path, permissions: permissions)
    }

    public func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] {
        try base.contentsOfDirectory(at: path)
    }

    public func removeItem(at path: String) throws(FileSystemError) { try base.removeItem(at: path) }

    public func rename(from source: String, to destination: String) throws(FileSystemError) {
        try base.rename(from: source, to: destination)
    }

    public func writeFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        try check(writeAccess(path), path, writing: true)
        try base.writeFile(data, to: path, permissions: permissions)
        try base.setProtection(protection, at: path)
    }

    public func syncFile(at path: String) throws(FileSystemError) {
        try check(.openExisting, path, writing: true)
        try base.syncFile(at: path)
    }

    public func writeAndSyncFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        try check(writeAccess(path), path, writing: true)
        try base.writeAndSyncFile(data, to: path, permissions: permissions)
        try base.setProtection(protection, at: path)
    }

    public func syncDirectory(at path: String) throws(FileSystemError) { try base.syncDirectory(at: path) }

    public func permissions(at path: String) throws(FileSystemError) -> UInt16 { try base.permissions(at: path) }

    public func createNewFile(_ data: Data, at path: String, permissions: UInt16) throws(FileSystemError) {
        try check(.createNew, path, writing: true)
        try base.createNewFile(data, at: path, permissions: permissions)
        try base.setProtection(protection, at: path)
    }

    public func modificationDate(at path: String) throws(FileSystemError) -> Date? { try base.modificationDate(at: path) }

    public func setPermissions(_ permissions: UInt16, at path: String) throws(FileSystemError) {
        try base.setPermissions(permissions, at: path)
    }

    public func setProtection(_ protection: DataProtection, at path: String) throws(FileSystemError) {
        try base.setProtection(protection, at: path)
    }

    public func lockFile(at path: String, permissions: UInt16) throws(FileSystemError) -> FileLock {
        try base.lockFile(at: path, permissions: permissions)
    }
}
