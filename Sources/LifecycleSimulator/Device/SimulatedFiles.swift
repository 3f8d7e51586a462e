import DurableState
import Foundation
import Lifecycle
import LifelineHistory
import Synchronization

/// DurableState's `FileManaging` on a simulated process: Foundation's own sequence of system
/// calls for each call, on the process's fenced view of the simulated disk, so that a kill or a
/// power loss leaves what it would leave on a device (see `FileManaging` for what Foundation
/// promises).
///
/// - `.atomic`: a new temporary file `.dat.nosync<process>.<n>` in the destination's directory,
///   written and synced, then renamed over the destination; the directory is not synced.
/// - no options: the file is truncated, written, then synced; its directory is not synced.
///
/// Every write, removal and read is reported to the process's history under the file's path (a
/// `HistoryKey` named by the path), the bytes as text (UTF-8, else their size and digest): an edit
/// before the first system call, saved when the call returns, failed when it threw and left the
/// file as it was; what a read returns is checked against the history at once. So an app that
/// trusts `.atomic` across a power loss, or reads back a file a kill cut short, is found without
/// writing a line for the simulator.
///
/// Made by the simulator for each process (``SimulationEnvironment/files``); `Sendable` (its one
/// mutable count behind a `Mutex`). Calls
/// from another thread than the main one are refused by the file system beneath (escaped work)
/// and reported to no history.
final class SimulatedFiles: FileManaging {
    let fileSystem: any FileSystem
    let history: (any StorageHistory)?
    /// The process's number, in the temporary files' names.
    let process: Int
    /// The temporary files made so far by this process.
    private let temporaries = Mutex(0)

    let documentsDirectory = URL(filePath: "/Documents", directoryHint: .isDirectory)
    let applicationSupportDirectory = URL(filePath: "/Library/Application Support", directoryHint: .isDirectory)
    let cachesDirectory = URL(filePath: "/Library/Caches", directoryHint: .isDirectory)

    /// The files' protection classes and the device's lock, with ``SimulationOptions/deviceLocks``;
    /// `nil` for a device that never locks.
    let protections: SimulatedFileProtections?

    init(fileSystem: any FileSystem, history: (any StorageHistory)?, process: Int, protections: SimulatedFileProtections? = nil) {
        self.fileSystem = fileSystem
        self.history = history
        self.process = process
        self.protections = protections
    }

    func write(_ data: Data, to url: URL, options: Data.WritingOptions) throws {
        let path = url.path
        let text = Self.text(of: data)
        report { $0.willSave(HistoryKey(path), text: text, persistence: .durable) }
        if let protections {
            // An atomic write creates a new file; a plain one opens the file there, of its class.
            let exists = fileSystem.itemExists(at: path)
            let creates = options.contains(.atomic) || !exists
            do {
                try protections.check(
                    creates ? .createNew : .openExisting, path,
                    creates ? SimulatedFileProtections.protection(of: options) : protections.protection(of: path), writing: true)
            } catch {
                report { $0.didFailToSave(HistoryKey(path), text: text) }
                throw error
            }
        }
        do {
            if options.contains(.atomic) {
                let temporary = FilePaths.join(FilePaths.directory(of: path), ".dat.nosync\(process).\(nextTemporary())")
                do {
                    try fileSystem.createNewFile(data, at: temporary, permissions: 0o644)
                    try fileSystem.rename(from: temporary, to: path)
                } catch {
                    try? fileSystem.removeItem(at: temporary)
                    report { $0.didFailToSave(HistoryKey(path), text: text) }
                    throw error
                }
            } else {
                if options.contains(.withoutOverwriting), fileSystem.itemExists(at: path) {
                    report { $0.didFailToSave(HistoryKey(path), text: text) }
                    throw FileSystemError.alreadyExists(path)
                }
                // open(O_TRUNC), then the bytes, then fsync: a death between them leaves the
                // file empty, or as the disk kept the write.
                try fileSystem.writeFile(Data(), to: path, permissions: 0o644)
                try fileSystem.writeFile(data, to: path, permissions: 0o644)
                if !data.isEmpty { try fileSystem.syncFile(at: path) }
            }
        }
        protections?.set(SimulatedFileProtections.protection(of: options), of: path)
        report { $0.didSave(HistoryKey(path), text: text) }
    }

    /// The file's contents, or `nil` when it cannot be read — as `FileManager.contents(atPath:)`
    /// says of a file its protection class keeps closed while the device is locked, too: that
    /// `nil` is no claim about the file, and is not reported as read.
    func contents(atPath path: String) -> Data? {
        if let protections, fileSystem.itemExists(at: path) {
            do {
                try protections.check(.openExisting, path, protections.protection(of: path), writing: false)
            } catch {
                return nil
            }
        }
        let data = try? fileSystem.readFile(at: path)
        report { $0.didLoad(HistoryKey(path), text: data.map(Self.text(of:))) }
        return data
    }

    func fileExists(atPath path: String) -> Bool {
        fileSystem.itemExists(at: path)
    }

    func createDirectory(at url: URL, withIntermediateDirectories: Bool) throws {
        let path = url.path
        if !withIntermediateDirectories, !fileSystem.itemExists(at: FilePaths.directory(of: path)) {
            throw FileSystemError.notFound(FilePaths.directory(of: path))
        }
        try fileSystem.createDirectory(at: path, permissions: 0o755)
    }

    func removeItem(at url: URL) throws {
        let path = url.path
        guard fileSystem.itemExists(at: path) else { throw FileSystemError.notFound(path) }
        if let names = try? fileSystem.contentsOfDirectory(at: path) {
            for name in names { try removeItem(at: url.appending(path: name)) }
            try fileSystem.removeItem(at: path)
            return
        }
        report { $0.willSave(HistoryKey(path), text: nil, persistence: .durable) }
        try fileSystem.removeItem(at: path)
        protections?.set(nil, of: path)
        report { $0.didSave(HistoryKey(path), text: nil) }
    }

    func contentsOfDirectory(atPath path: String) throws -> [String] {
        try fileSystem.contentsOfDirectory(at: path)
    }

    /// The next temporary file's number.
    private func nextTemporary() -> Int {
        temporaries.withLock { count in
            count += 1
            return count
        }
    }

    /// Reports to the history, on the main thread only (elsewhere the disk refuses the call).
    private func report(_ body: @MainActor (any StorageHistory) -> Void) {
        guard let history, MainQueue.isCurrent else { return }
        MainActor.assumeIsolated { body(history) }
    }

    /// How a file's bytes appear in the history: their text if they are UTF-8, else their size
    /// and FNV-1a digest.
    static func text(of data: Data) -> String {
        if let text = String(data: data, encoding: .utf8) { return text }
        var hash = FNV1a64()
        for byte in data { hash.combine(byte: byte) }
        return "\(data.count) bytes, FNV-1a \(hash)"
    }
}
