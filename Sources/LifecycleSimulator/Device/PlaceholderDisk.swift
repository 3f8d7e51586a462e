import DurableState
import Foundation
import Synchronization

/// A small in-memory disk with the two deaths: a kill keeps everything written; a power loss
/// keeps only what was synced (file data by `syncFile`, names by `syncDirectory` of their
/// parent). It ignores the finer crash policies (every ``PowerLossPolicy`` drops all unsynced
/// operations). Thread-safe (a mutex); owned by one simulation run.
public final class PlaceholderDisk: DeviceDisk, FileSystem {
    private struct Volume {
        var names: [String: Int] = [:]
        var data: [Int: Data] = [:]
        var directories: Set<String> = ["/"]
    }

    private struct State {
        var live = Volume()
        var durable = Volume()
        var permissions: [Int: UInt16] = [:]
        var nextInode = 1
    }

    private let state = Mutex(State())

    /// Creates an empty disk with only the root directory.
    public init() {}

    public var fileSystem: any FileSystem { self }

    public func processDied(_ death: ProcessDeath) {
        guard case .powerLoss = death else { return }
        state.withLock { state in
            var volume = state.durable
            for inode in volume.names.values where volume.data[inode] == nil { volume.data[inode] = Data() }
            state.live = volume
        }
    }

    public func allFiles() -> [(path: String, contents: Data)] {
        state.withLock { state in
            state.live.names.sorted { $0.key < $1.key }.map { ($0.key, state.live.data[$0.value] ?? Data()) }
        }
    }

    public func damage(path: String, contents: Data) {
        state.withLock { state in
            guard let inode = state.live.names[path] else { return }
            state.live.data[inode] = contents
            state.durable.data[inode] = contents
        }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    public func readFile(at path: String) throws(FileSystemError) -> Data {
        let data: Data? = state.withLock { state in state.live.names[path].flatMap { state.live.data[$0] } }
        guard let data else { throw .notFound(path) }
        return data
    }

    public func itemExists(at path: String) -> Bool {
        state.withLock { $0.live.names[path] != nil || $0.live.directories.contains(path) }
    }

    public func createDirectory(at path: String, permissions: UInt16) throws(FileSystemError) {
        state.withLock { state in
            var current = path
            while current != "/", !current.isEmpty {
                state.live.directories.insert(current)
                state.durable.directories.insert(current)
                current = Self.parent(of: current)
            }
        }
    }

    public func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] {
        let result: [String]? = state.withLock { state in
            guard state.live.directories.contains(path) else { return nil }
            let files = state.live.names.keys.filter { Self.parent(of: $0) == path }
            let directories = state.live.directories.filter { $0 != "/" && Self.parent(of: $0) == path }
            return (files + directories).map { String($0.split(separator: "/").last ?? "") }.sorted()
        }
        guard let result else { throw .notFound(path) }
        return result
    }

    public func removeItem(at path: String) throws(FileSystemError) {
        state.withLock { state in
            if state.live.names.removeValue(forKey: path) == nil, state.live.directories.contains(path) {
                let hasChildren = state.live.names.keys.contains { Self.parent(of: $0) == path }
                if !hasChildren { state.live.directories.remove(path) }
            }
        }
    }

    public func rename(from source: String, to destination: String) throws(FileSystemError) {
        let moved: Bool = state.withLock { state in
            guard let inode = state.live.names.removeValue(forKey: source) else { return false }
            state.live.names[destination] = inode
            return true
        }
        guard moved else { throw .notFound(source) }
    }

    public func writeFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        let written: Bool = state.withLock { state in
            guard state.live.directories.contains(Self.parent(of: path)) else { return false }
            let inode: Int
            if let existing = state.live.names[path] {
                inode = existing
            } else {
                inode = state.nextInode
                state.nextInode += 1
                state.live.names[path] = inode
            }
            state.live.data[inode] = data
            state.permissions[inode] = permissions
            return true
        }
        guard written else { throw .notFound(Self.parent(of: path)) }
    }

    public func syncFile(at path: String) throws(FileSystemError) {
        let synced: Bool = state.withLock { state in
            guard let inode = state.live.names[path] else { return false }
            state.durable.data[inode] = state.live.data[inode]
            return true
        }
        guard synced else { throw .notFound(path) }
    }

    public func syncDirectory(at path: String) throws(FileSystemError) {
        state.withLock { state in
            state.durable.names = state.durable.names.filter { Self.parent(of: $0.key) != path }
            for (name, inode) in state.live.names where Self.parent(of: name) == path {
                state.durable.names[name] = inode
            }
        }
    }

    public func permissions(at path: String) throws(FileSystemError) -> UInt16 {
        let mode: UInt16? = state.withLock { state in state.live.names[path].flatMap { state.permissions[$0] } }
        guard let mode else { throw .notFound(path) }
        return mode
    }
}
