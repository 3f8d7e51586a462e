import DurableState
import Foundation
import Synchronization

/// `POSIXFileSystem` that records the most bytes any read handed back: a test that a small
/// file's reader is never made to read a huge one. `Sendable`: the count is under a `Mutex`.
public final class ReadCountingFileSystem: FileSystem {
    private let base = POSIXFileSystem()
    private let largest = Mutex(0)

    /// A file system over the real one, with nothing read yet.
    public init() {}

    /// The most bytes one read handed back so far.
    public var largestRead: Int { largest.withLock { $0 } }

    private func note(_ count: Int) { largest.withLock { $0 = max($0, count) } }

    public func readFile(at path: String) throws(FileSystemError) -> Data {
        let data = try base.readFile(at: path)
        note(data.count)
        return data
    }

    public func readFile(at path: String, maximumSize: Int) throws(FileSystemError) -> (contents: Data, size: Int) {
        let read = try base.readFile(at: path, maximumSize: maximumSize)
        note(read.contents.count)
        return read
    }

    public func itemExists(at path: String) -> Bool { base.itemExists(at: path) }
    public func createDirectory(at path: String, permissions: UInt16) throws(FileSystemError) { try base.createDirectory(at: path, permissions: permissions) }
    public func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] { try base.contentsOfDirectory(at: path) }
    public func removeItem(at path: String) throws(FileSystemError) { try base.removeItem(at: path) }
    public func rename(from source: String, to destination: String) throws(FileSystemError) { try base.rename(from: source, to: destination) }
    public func writeFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) { try base.writeFile(data, to: path, permissions: permissions) }
    public func syncFile(at path: String) throws(FileSystemError) { try base.syncFile(at: path) }
    public func syncDirectory(at path: String) throws(FileSystemError) { try base.syncDirectory(at: path) }
    public func permissions(at path: String) throws(FileSystemError) -> UInt16 { try base.permissions(at: path) }
    public func lockFile(at path: String, permissions: UInt16) throws(FileSystemError) -> FileLock { try base.lockFile(at: path, permissions: permissions) }
}
