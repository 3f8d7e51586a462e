import DurableState
import Foundation
import Synchronization

/// A small in-memory disk with the two deaths: a kill keeps everything written; a power loss
/// keeps only what was synced (file data by `syncFile`, names by `syncDirectory` of their
/// parent). It ignores the finer crash policies (every ``PowerLossPolicy`` drops all unsynced
/// operations). Thread-safe (a mutex); owned by one simulation run.
public final class PlaceholderDisk: DeviceDisk, FileSystem {
    /// Names by directory, then file name, to inode; file data by inode.
    private struct Volume {
        var directories: [String: [String: Int]] = ["/": [:]]
        var data: [Int: Data] = [:]

        func inode(_ path: String) -> Int? {
            let (directory, name) = PlaceholderDisk.split(path)
            return directories[directory]?[name]
        }
    }

    private struct State {
        var live = Volume()
        var durable = Volume()
        var permissions: [Int: UInt16] = [:]
        var nextInode = 1
    }

    private let state = Mutex(State())
    /// Paths whose lock is held (see `PlaceholderDisk+Locking`); cleared when the process dies.
    let heldLocks = Mutex(Set<String>())

    /// Creates an empty disk with only the root directory.
    public init() {}

    /// The disk itself: it is its own file system, for every incarnation.
    public func mountFileSystem() -> any FileSystem { self }

    /// The files' contents, for those that exist.
    public func contents(at paths: [String]) -> [(path: String, contents: Data)] {
        paths.compactMap { path in (try? readFile(at: path)).map { (path, $0) } }
    }

    /// A kill changes nothing but releasing the process's locks; a power loss reverts to what
    /// was synced (a file whose name was synced but whose data never was is empty).
    public func processDied(_ death: ProcessDeath) {
        heldLocks.withLock { $0.removeAll() }
        guard case .powerLoss = death else { return }
        state.withLock { state in
            var volume = state.durable
            for names in volume.directories.values {
                for inode in names.values where volume.data[inode] == nil { volume.data[inode] = Data() }
            }
            state.live = volume
        }
    }

    /// Every file with its contents, sorted by path.
    public func allFiles() -> [(path: String, contents: Data)] {
        state.withLock { state in
            var files: [(path: String, contents: Data)] = []
            for (directory, names) in state.live.directories {
                for (name, inode) in names {
                    files.append((Self.join(directory, name), state.live.data[inode] ?? Data()))
                }
            }
            return files.sorted { $0.path < $1.path }
        }
    }

    /// Replaces a file's contents, synced or not.
    public func damage(path: String, contents: Data) {
        state.withLock { state in
            guard let inode = state.live.inode(path) else { return }
            state.live.data[inode] = contents
            state.durable.data[inode] = contents
        }
    }

    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("/", path) }
        let name = String(path[path.index(after: slash)...])
        return (slash == path.startIndex ? "/" : String(path[..<slash]), name)
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory == "/" ? "/" + name : directory + "/" + name
    }

    public func readFile(at path: String) throws(FileSystemError) -> Data {
        let data: Data? = state.withLock { state in state.live.inode(path).flatMap { state.live.data[$0] } }
        guard let data else { throw .notFound(path) }
        return data
    }

    public func itemExists(at path: String) -> Bool {
        state.withLock { $0.live.directories[path] != nil || $0.live.inode(path) != nil }
    }

    public func createDirectory(at path: String, permissions: UInt16) throws(FileSystemError) {
        state.withLock { state in
            var current = path
            while current != "/", !current.isEmpty, state.live.directories[current] == nil {
                state.live.directories[current] = [:]
                if state.durable.directories[current] == nil { state.durable.directories[current] = [:] }
                current = Self.split(current).directory
            }
        }
    }

    public func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] {
        let result: [String]? = state.withLock { state in
            guard let names = state.live.directories[path] else { return nil }
            let subdirectories = state.live.directories.keys.filter { $0 != "/" && Self.split($0).directory == path }
            return (Array(names.keys) + subdirectories.map { Self.split($0).name }).sorted()
        }
        guard let result else { throw .notFound(path) }
        return result
    }

    public func removeItem(at path: String) throws(FileSystemError) {
        state.withLock { state in
            let (directory, name) = Self.split(path)
            if state.live.directories[directory]?.removeValue(forKey: name) == nil,
               let names = state.live.directories[path], names.isEmpty, path != "/" {
                state.live.directories[path] = nil
            }
        }
    }

    public func rename(from source: String, to destination: String) throws(FileSystemError) {
        let moved: Bool = state.withLock { state in
            let (sourceDirectory, sourceName) = Self.split(source)
            let (targetDirectory, targetName) = Self.split(destination)
            guard state.live.directories[targetDirectory] != nil,
                  let inode = state.live.directories[sourceDirectory]?.removeValue(forKey: sourceName)
            else { return false }
            state.live.directories[targetDirectory]?[targetName] = inode
            return true
        }
        guard moved else { throw .notFound(source) }
    }

    public func writeFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        let (directory, name) = Self.split(path)
        let written: Bool = state.withLock { state in
            guard let names = state.live.directories[directory] else { return false }
            let inode: Int
            if let existing = names[name] {
                inode = existing
            } else {
                inode = state.nextInode
                state.nextInode += 1
                state.live.directories[directory]?[name] = inode
            }
            state.live.data[inode] = data
            state.permissions[inode] = permissions
            return true
        }
        guard written else { throw .notFound(directory) }
    }

    public func syncFile(at path: String) throws(FileSystemError) {
        let synced: Bool = state.withLock { state in
            guard let inode = state.live.inode(path) else { return false }
            state.durable.data[inode] = state.live.data[inode]
            return true
        }
        guard synced else { throw .notFound(path) }
    }

    public func syncDirectory(at path: String) throws(FileSystemError) {
        state.withLock { state in
            state.durable.directories[path] = state.live.directories[path]
        }
    }

    public func permissions(at path: String) throws(FileSystemError) -> UInt16 {
        let mode: UInt16? = state.withLock { state in state.live.inode(path).flatMap { state.permissions[$0] } }
        guard let mode else { throw .notFound(path) }
        return mode
    }
}
