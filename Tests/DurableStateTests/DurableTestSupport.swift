import DurableState
import Foundation
import Lifecycle
import Synchronization

/// A fresh directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory: Sendable {
    let path: String

    init(_ label: String = "lifeline") {
        path = FileManager.default.temporaryDirectory.path + "/\(label)-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A file system that forwards to another and fails chosen calls, recording every call.
final class FaultyFileSystem: FileSystem {
    enum Call: String, Sendable {
        case read, write, writeAndSync, createNew, syncFile, syncDirectory, rename, remove, createDirectory
    }

    private struct State {
        var failures: [(call: Call, error: FileSystemError, remaining: Int)] = []
        var log: [String] = []
    }

    let base: any FileSystem
    private let state = Mutex(State())

    init(_ base: any FileSystem = POSIXFileSystem()) {
        self.base = base
    }

    /// Makes the next `times` calls of `call` throw `error`.
    func fail(_ call: Call, with error: FileSystemError = .io(path: "injected", operation: "injected", code: 5), times: Int = 1) {
        state.withLock { $0.failures.append((call, error, times)) }
    }

    /// The calls made so far, as `call name` strings (file names only).
    var log: [String] { state.withLock { $0.log } }

    func clearLog() { state.withLock { $0.log.removeAll() } }

    private func check(_ call: Call, _ path: String) throws(FileSystemError) {
        let failure: FileSystemError? = state.withLock { state in
            state.log.append("\(call.rawValue) \(FilePaths.name(of: path))")
            guard let index = state.failures.firstIndex(where: { $0.call == call }) else { return nil }
            let error = state.failures[index].error
            state.failures[index].remaining -= 1
            if state.failures[index].remaining <= 0 { state.failures.remove(at: index) }
            return error
        }
        if let failure { throw failure }
    }

    func readFile(at path: String) throws(FileSystemError) -> Data {
        try check(.read, path)
        return try base.readFile(at: path)
    }

    func itemExists(at path: String) -> Bool { base.itemExists(at: path) }

    func createDirectory(at path: String, permissions: UInt16) throws(FileSystemError) {
        try check(.createDirectory, path)
        try base.createDirectory(at: path, permissions: permissions)
    }

    func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] {
        try base.contentsOfDirectory(at: path)
    }

    func removeItem(at path: String) throws(FileSystemError) {
        try check(.remove, path)
        try base.removeItem(at: path)
    }

    func rename(from source: String, to destination: String) throws(FileSystemError) {
        try check(.rename, source)
        try base.rename(from: source, to: destination)
    }

    func writeFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        try check(.write, path)
        try base.writeFile(data, to: path, permissions: permissions)
    }

    func writeAndSyncFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        try check(.writeAndSync, path)
        try base.writeAndSyncFile(data, to: path, permissions: permissions)
    }

    func syncFile(at path: String) throws(FileSystemError) {
        try check(.syncFile, path)
        try base.syncFile(at: path)
    }

    func syncDirectory(at path: String) throws(FileSystemError) {
        try check(.syncDirectory, path)
        try base.syncDirectory(at: path)
    }

    func permissions(at path: String) throws(FileSystemError) -> UInt16 {
        try base.permissions(at: path)
    }

    func createNewFile(_ data: Data, at path: String, permissions: UInt16) throws(FileSystemError) {
        try check(.createNew, path)
        try base.createNewFile(data, at: path, permissions: permissions)
    }

    func modificationDate(at path: String) throws(FileSystemError) -> Date? {
        try base.modificationDate(at: path)
    }

    func setPermissions(_ permissions: UInt16, at path: String) throws(FileSystemError) {
        try base.setPermissions(permissions, at: path)
    }

    func lockFile(at path: String, permissions: UInt16) throws(FileSystemError) -> FileLock {
        try base.lockFile(at: path, permissions: permissions)
    }
}

/// A small document used across the store tests.
struct Note: Codable, Sendable, Equatable {
    var title: String
    var body: String
    var revision: Int = 0
}
