import DurableState
import Foundation
import Lifecycle

/// The file system one process incarnation sees: every call goes to the device's disk until the
/// incarnation dies, then is refused with `FileSystemError.fenced(_:)`. Writes are counted
/// (the crash points of ``SimulationEvent/crashDuringNextStep(atOperation:death:)``), traced and
/// refused if they come off the main thread (work the simulator does not control).
///
/// Created by the simulator for each incarnation and handed to the app through its
/// ``SimulationEnvironment``; `Sendable`.
struct IncarnationFileSystem: FileSystem {
    let base: any FileSystem
    let context: RunContext
    let incarnation: Int
    /// The incarnation's SQLite VFS, registered on first use (see `sqliteVFSName`).
    let sqlite = SQLiteVFSSlot()
    /// ``base`` if it is a view of a ``SimulatedDisk``, which writes a file in steps a crash can
    /// fall between (see ``writeFile(_:to:permissions:)``).
    private let steppedDisk: SimulatedFileSystem?

    init(base: any FileSystem, context: RunContext, incarnation: Int) {
        self.base = base
        self.steppedDisk = base as? SimulatedFileSystem
        self.context = context
        self.incarnation = incarnation
    }

    /// Admits one call through the run's context. `path` is the path the call names; a rename
    /// passes its source as `path` and its destination as `renamedTo` (shown as
    /// `source -> destination`, a text built only when something keeps it).
    func admit(
        _ operation: StorageOperation, _ path: String, bytes: Int? = nil, renamedTo destination: String? = nil
    ) throws(FileSystemError) {
        guard MainQueue.isCurrent else {
            let shown = StorageOperation.shownPath(path, renamedTo: destination)
            context.offMainAccesses.append("storage \(operation.named(bytes: bytes)) \(shown) from another thread")
            throw .fenced(shown)
        }
        let admission = MainActor.assumeIsolated {
            context.admitStorage(operation, bytes: bytes, path: path, renamedTo: destination, incarnation: incarnation)
        }
        switch admission {
        case .admitted: return
        case .fenced: throw .fenced(StorageOperation.shownPath(path, renamedTo: destination))
        case .noSpace: throw .noSpace(path)
        }
    }

    func readFile(at path: String) throws(FileSystemError) -> Data {
        try admit(.read, path)
        return try base.readFile(at: path)
    }

    func itemExists(at path: String) -> Bool {
        do { try admit(.stat, path) } catch { return false }
        return base.itemExists(at: path)
    }

    func createDirectory(at path: String, permissions: UInt16) throws(FileSystemError) {
        if base.itemExists(at: path) {
            try admit(.stat, path)
            return
        }
        try admit(.makeDirectory, path)
        try base.createDirectory(at: path, permissions: permissions)
    }

    func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] {
        try admit(.list, path)
        return try base.contentsOfDirectory(at: path)
    }

    func removeItem(at path: String) throws(FileSystemError) {
        try admit(.remove, path)
        try base.removeItem(at: path)
    }

    func rename(from source: String, to destination: String) throws(FileSystemError) {
        try admit(.rename, source, renamedTo: destination)
        try base.rename(from: source, to: destination)
    }

    /// On the simulated disk, each step of the write (``FileWriteStep``: the truncation of a file
    /// that held data, then each chunk) is admitted on its own, so a crash point can fall between
    /// them and a kill keeps what was written; another disk writes the file in one step.
    func writeFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        guard let steppedDisk else {
            try admit(.write, path, bytes: data.count)
            try base.writeFile(data, to: path, permissions: permissions)
            return
        }
        try steppedDisk.writeFile(data, to: path, permissions: permissions) { (step: FileWriteStep) throws(FileSystemError) in
            switch step {
            case .truncate: try admit(.truncateToWrite, path)
            case .write(let range): try admit(.write, path, bytes: range.count)
            }
        }
    }

    func syncFile(at path: String) throws(FileSystemError) {
        try admit(.syncFile, path)
        try base.syncFile(at: path)
    }

    func syncDirectory(at path: String) throws(FileSystemError) {
        try admit(.syncDirectory, path)
        try base.syncDirectory(at: path)
    }

    func permissions(at path: String) throws(FileSystemError) -> UInt16 {
        try admit(.stat, path)
        return try base.permissions(at: path)
    }
}
