import DurableState
import Foundation

/// One small JSON document in the app's data directory, read whole and replaced durably
/// (temporary file → sync → rename → directory sync), through the injected `FileSystem`.
///
/// Owned by the service that stores the value; a `Sendable` value. A document that fails to decode
/// is moved aside to `<name>.corrupt` and reads as absent, so it is never overwritten in place.
public struct JSONDocument<Value: Codable & Sendable>: Sendable {
    /// The document's absolute path.
    public let path: String
    private let fileSystem: any FileSystem

    /// Describes the document at `path` on `fileSystem`.
    public init(path: String, fileSystem: any FileSystem) {
        self.path = path
        self.fileSystem = fileSystem
    }

    /// The stored value, or `nil` if there is none (or it was corrupt and has been quarantined).
    /// - Throws: `FileSystemError` when the file exists but cannot be read; nothing changes.
    public func load() throws(FileSystemError) -> Value? {
        let data: Data
        do {
            data = try fileSystem.readFile(at: path)
        } catch .notFound {
            return nil
        }
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            try? fileSystem.rename(from: path, to: path + ".corrupt")
            return nil
        }
    }

    /// Replaces the stored value durably; when it returns, the value survives a power loss.
    /// - Throws: `FileSystemError`; the previous value is still stored then.
    public func save(_ value: Value) throws(FileSystemError) {
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            data = try encoder.encode(value)
        } catch {
            throw .io(path: path, operation: "encode", code: 0)
        }
        try Self.replaceDurably(data, at: path, fileSystem: fileSystem)
    }

    /// Removes the stored value; succeeds if there is none.
    /// - Throws: `FileSystemError`; the value may still be stored.
    public func remove() throws(FileSystemError) {
        try fileSystem.removeItem(at: path)
        try fileSystem.syncDirectory(at: Self.directory(of: path))
    }

    static func replaceDurably(_ data: Data, at path: String, fileSystem: any FileSystem) throws(FileSystemError) {
        let directory = directory(of: path)
        try fileSystem.createDirectory(at: directory, permissions: 0o700)
        let temporary = path + ".tmp"
        try fileSystem.writeFile(data, to: temporary, permissions: 0o600)
        try fileSystem.syncFile(at: temporary)
        try fileSystem.rename(from: temporary, to: path)
        try fileSystem.syncDirectory(at: directory)
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
