import DurableState
import Foundation
import Synchronization

/// A file system in memory for tests: files, directories, permissions, and switches that make
/// writes or reads fail. Counts writes per path so tests can assert "written once". Thread-safe (a mutex).
final class MemoryFileSystem: FileSystem {
    struct State {
        var files: [String: Data] = [:]
        var permissions: [String: UInt16] = [:]
        var directories: Set<String> = ["/"]
        var writes: [String: Int] = [:]
        var failingWrites = false
        var failingPrefix: String?
        var unreadable: Set<String> = []
        var locks: Set<String> = []

        func fails(_ path: String) -> Bool {
            failingWrites || failingPrefix.map(path.hasPrefix) == true
        }
    }

    private let state = Mutex(State())

    /// Makes every write, rename and removal fail with `noSpace` while true.
    var failsWrites: Bool {
        get { state.withLock { $0.failingWrites } }
        set { state.withLock { $0.failingWrites = newValue } }
    }

    /// Makes writes, renames and removals of paths that start with this fail with `noSpace`
    /// (a file that cannot be replaced while its neighbours can).
    var failsWritesOfPathsStarting: String? {
        get { state.withLock { $0.failingPrefix } }
        set { state.withLock { $0.failingPrefix = newValue } }
    }

    /// Paths whose reads fail with `permissionDenied` (the file exists; this process may not read it).
    var unreadablePaths: Set<String> {
        get { state.withLock { $0.unreadable } }
        set { state.withLock { $0.unreadable = newValue } }
    }

    /// Number of completed `writeFile` calls whose final name (after rename) is `path`.
    func writeCount(_ path: String) -> Int { state.withLock { $0.writes[path] ?? 0 } }

    /// The file's content, if any.
    func contents(_ path: String) -> Data? { state.withLock { $0.files[path] } }

    /// Every file path, sorted.
    var allFiles: [String] { state.withLock { $0.files.keys.sorted() } }

    func readFile(at path: String) throws(FileSystemError) -> Data {
        let (data, unreadable) = state.withLock { ($0.files[path], $0.unreadable.contains(path)) }
        guard let data else { throw .notFound(path) }
        if unreadable { throw .permissionDenied(path) }
        return data
    }

    func itemExists(at path: String) -> Bool {
        state.withLock { $0.files[path] != nil || $0.directories.contains(path) }
    }

    func createDirectory(at path: String, permissions: UInt16) throws(FileSystemError) {
        state.withLock { state in
            var current = ""
            for component in path.split(separator: "/") {
                current += "/" + component
                if state.directories.insert(current).inserted { state.permissions[current] = permissions }
            }
        }
    }

    func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] {
        let prefix = path.hasSuffix("/") ? path : path + "/"
        let result: [String]? = state.withLock { state in
            guard state.directories.contains(path) else { return nil }
            let names = (Array(state.files.keys) + Array(state.directories))
                .filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") && $0 != path }
                .map { String($0.dropFirst(prefix.count)) }
            return Array(Set(names)).sorted()
        }
        guard let result else { throw .notFound(path) }
        return result
    }

    func removeItem(at path: String) throws(FileSystemError) {
        let failing = state.withLock { state in
            guard !state.fails(path) else { return true }
            state.files[path] = nil
            state.directories.remove(path)
            return false
        }
        if failing { throw .noSpace(path) }
    }

    func rename(from source: String, to destination: String) throws(FileSystemError) {
        let outcome: FileSystemError? = state.withLock { state in
            guard !state.fails(source), !state.fails(destination) else { return .noSpace(destination) }
            guard let data = state.files.removeValue(forKey: source) else { return .notFound(source) }
            state.files[destination] = data
            state.permissions[destination] = state.permissions.removeValue(forKey: source)
            state.writes[destination, default: 0] += 1
            return nil
        }
        if let outcome { throw outcome }
    }

    func writeFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        let failing = state.withLock { state in
            guard !state.fails(path) else { return true }
            state.files[path] = data
            state.permissions[path] = permissions
            return false
        }
        if failing { throw .noSpace(path) }
    }

    func syncFile(at path: String) throws(FileSystemError) {}

    func syncDirectory(at path: String) throws(FileSystemError) {}

    func permissions(at path: String) throws(FileSystemError) -> UInt16 {
        let mode = state.withLock { $0.permissions[path] }
        guard let mode else { throw .notFound(path) }
        return mode
    }

    func lockFile(at path: String, permissions: UInt16) throws(FileSystemError) -> FileLock {
        let taken = state.withLock { state in
            if state.files[path] == nil {
                state.files[path] = Data()
                state.permissions[path] = permissions
            }
            return state.locks.insert(path).inserted
        }
        guard taken else { throw .locked(path) }
        return FileLock(path: path) { [weak self] in _ = self?.state.withLock { $0.locks.remove(path) } }
    }
}
