import DurableState
import Foundation
import Synchronization

/// An in-memory disk with the two deaths of DURABILITY.md: a process kill keeps what was written,
/// a power loss keeps only what was synced (and, under a ``DiskCrashPolicy``, some of the rest).
///
/// ```swift
/// let disk = SimulatedDisk()
/// let first = disk.mount()                       // the FileSystem of process incarnation 1
/// try DocumentStore(storage: StorageEnvironment(fileSystem: first), …).save(cart)
/// disk.kill(first)                               // incarnation 1 is fenced: every call throws .fenced
/// disk.powerLoss(policy: .reorderBetweenBarriers, seed: 42)
/// let second = disk.mount()                      // the next incarnation reads what survived
/// ```
///
/// The disk keeps a *durable tree* (what survives any crash), the *current tree* (what processes
/// read) and the *pending log* of operations in between. A file sync makes that file's data
/// durable; a directory sync makes that directory's entry changes durable; a durable prefix of the
/// log is folded into the durable tree. A power loss rebuilds the disk from the durable tree plus
/// the synced operations plus what the policy lets through, deterministically from the seed;
/// ``possiblePowerLossImages(maximumPendingOperations:everyTornLength:)`` enumerates every such state for tests.
/// Faults can be injected: an incarnation fenced after N more operations (a kill in the middle of
/// a save), an error on the next matching call, a capacity.
///
/// Thread-safe (one `Mutex` around all state); `Sendable`. Created by the simulator or a test and
/// shared by every incarnation's ``SimulatedFileSystem``; it outlives them.
public final class SimulatedDisk: Sendable {
    struct Pending: Sendable {
        let sequence: Int
        let change: DiskChange
        private(set) var isDurable: Bool
        /// The inode whose data a write or truncation changed (`nil` for every other change): a
        /// file sync's scan of the log compares it instead of matching the change.
        private let writtenInode: Int?
        /// The directories whose sync makes an entry change durable (see
        /// ``DiskChange/coveringDirectories(in:)``), looked up once when the change is logged.
        private let coveringDirectories: (Int, Int)?

        init(sequence: Int, change: DiskChange, isDurable: Bool, paths: PathTable) {
            self.sequence = sequence
            self.change = change
            self.isDurable = isDurable
            writtenInode = change.writtenInode
            coveringDirectories = change.coveringDirectories(in: paths)
        }

        // A sync marks entries through these mutating calls, so that the log's entries are
        // tested in place (reading `pending[index].…` in a loop copied each whole entry, and so
        // retained and released its change's payload).

        /// Marks the entry durable if it writes `inode`'s data.
        mutating func markDurable(ifWrites inode: Int) {
            if !isDurable, writtenInode == inode { isDurable = true }
        }

        /// Marks the entry durable if syncing the directory numbered `directory` makes its entry
        /// change durable.
        mutating func markDurable(ifCoveredBySyncOf directory: Int) {
            if !isDurable, let covering = coveringDirectories, covering.0 == directory || covering.1 == directory {
                isDurable = true
            }
        }
    }

    struct Core: Sendable {
        /// The numbers of every path named so far (both trees and the log use them).
        var paths = PathTable()
        var durable = DiskTree()
        var current = DiskTree()
        var pending: [Pending] = []
        var sequence = 0
        var nextInode = 0
        var nextIncarnation = 0
        /// Incarnations fenced one by one (kills), beyond ``fencedThrough``.
        var fenced: Set<Int> = []
        /// Every incarnation up to this number is fenced (a power loss fences all of them).
        var fencedThrough = 0
        var fenceAfter: [Int: Int] = [:]
        var faults: [DiskFault] = []
        var capacity: Int?
        var statistics = DiskStatistics()
        var recordsHistory: Bool
        var history: [DiskOperation] = []
        /// File locks by path number: the incarnation holding each (see `SimulatedFileSystem+Locking`).
        var locks: [Int: Int] = [:]
    }

    let core: Mutex<Core>

    /// The disk's atomic unit of writing, in bytes: a power loss tears a byte-range write only
    /// at a multiple of it (what the SQLite VFS reports as its sector size).
    public static let sectorSize = 512

    /// The most bytes one `write(2)` of a whole-file write hands to the disk, in bytes (64 KiB):
    /// ``SimulatedFileSystem/writeFile(_:to:permissions:)`` writes a longer file in several
    /// operations, so a kill can leave part of it written (see ``SimulatedDisk/kill(_:afterOperations:)``).
    public static let writeChunkSize = 64 * 1_024

    /// Creates a disk holding `image`, durable. With `recordsHistory`, every change and sync is
    /// kept in ``history`` (for tests that assert the exact order of operations).
    public init(image: DiskImage = DiskImage(), capacity: Int? = nil, recordsHistory: Bool = false) {
        var core = Core(recordsHistory: recordsHistory)
        core.durable = DiskTree(image: image, nextInode: &core.nextInode, paths: &core.paths)
        core.current = core.durable
        core.capacity = capacity
        self.core = Mutex(core)
    }

    /// A new process incarnation's view of the disk. Earlier views stay usable until fenced.
    public func mount() -> SimulatedFileSystem {
        let incarnation = core.withLock { core in
            core.nextIncarnation += 1
            return core.nextIncarnation
        }
        return SimulatedFileSystem(disk: self, incarnation: incarnation)
    }

    /// A process kill of `view`'s incarnation: everything it wrote stays, and every later call of
    /// that view throws `FileSystemError/fenced(_:)`.
    public func kill(_ view: SimulatedFileSystem) {
        core.withLock { _ = $0.fenced.insert(view.incarnation) }
    }

    /// Fences `view`'s incarnation just before its `count + 1`-th change or sync from now: a kill in
    /// the middle of whatever it is doing (the call that would exceed the count throws `.fenced`).
    ///
    /// A whole-file write counts one change per step, as a real process makes them: the truncation
    /// of a file that held data, then each chunk of at most ``writeChunkSize`` bytes. A kill
    /// between them keeps what the steps before it wrote, as the page cache keeps it through a real
    /// `SIGKILL`: a file written in place is left empty (truncated, the new bytes never written)
    /// or holding the first chunks of the new data. A write through a temporary file and a rename
    /// is whole under a kill: the rename is one step.
    public func kill(_ view: SimulatedFileSystem, afterOperations count: Int) {
        core.withLock { core in
            if count <= 0 { core.fenced.insert(view.incarnation) } else { core.fenceAfter[view.incarnation] = count }
        }
    }

    /// Makes the next call matching `fault` fail with its error (one injection per call).
    public func inject(_ fault: DiskFault) {
        core.withLock { $0.faults.append(fault) }
    }

    /// Whether `view`'s incarnation is fenced.
    public func isFenced(_ view: SimulatedFileSystem) -> Bool {
        core.withLock { $0.isFenced(view.incarnation) }
    }

    /// What processes currently read.
    public var currentImage: DiskImage { core.withLock { $0.current.image(paths: $0.paths) } }

    /// What survives any crash now (the durable tree plus every synced pending operation).
    public var durableImage: DiskImage {
        core.withLock { core in
            var tree = core.durable
            for entry in core.pending where entry.isDurable { tree.apply(entry.change) }
            return tree.image(paths: core.paths)
        }
    }

    /// Operations not yet folded into the durable tree, in order, with whether each is durable.
    public var pendingOperations: [(operation: DiskOperation, isDurable: Bool)] {
        core.withLock { core in core.pending.map { ($0.change.operation(in: core.paths), $0.isDurable) } }
    }

    /// Counts of calls so far.
    public var statistics: DiskStatistics { core.withLock { $0.statistics } }

    /// Every change and sync in order, if the disk was created with `recordsHistory`.
    public var history: [DiskOperation] { core.withLock { $0.history } }

    /// Forgets the recorded history.
    public func clearHistory() {
        core.withLock { $0.history.removeAll() }
    }

    /// Replaces the file at `path` durably, outside any incarnation: the simulator damaging a file
    /// while the app is not running (truncated, random bytes, older schema…). Parents are created.
    /// Pending operations on the old file are not rewritten: tamper while nothing is pending.
    public func tamper(path: String, data: Data, permissions: UInt16 = 0o644) {
        let path = DiskPath.normalized(path)
        core.withLock { core in
            core.nextInode += 1
            let inode = core.nextInode
            let number = core.paths.number(of: path)
            for tree in [\Core.durable, \Core.current] {
                var parent = core.paths.parent(of: number)
                while core[keyPath: tree].directories[parent] == nil {
                    core[keyPath: tree].directories[parent] = 0o755
                    parent = core.paths.parent(of: parent)
                }
                core[keyPath: tree].inodes[inode] = DiskTree.Inode(data: data, permissions: permissions)
                core[keyPath: tree].entries[number] = inode
                core[keyPath: tree].collectGarbage()
            }
        }
    }
}

/// A failure to inject into the next matching call of a ``SimulatedFileSystem``.
public struct DiskFault: Sendable, Equatable {
    /// Which calls the fault matches.
    public enum Call: Sendable, Equatable {
        /// ``SimulatedFileSystem/writeFile(_:to:permissions:)``, and SQLite's byte-range writes.
        case write
        /// ``SimulatedFileSystem/syncFile(at:)``.
        case syncFile
        /// ``SimulatedFileSystem/syncDirectory(at:)``.
        case syncDirectory
        /// ``SimulatedFileSystem/rename(from:to:)``.
        case rename
        /// ``SimulatedFileSystem/removeItem(at:)``.
        case remove
        /// ``SimulatedFileSystem/createDirectory(at:permissions:)``.
        case createDirectory
        /// Reads: ``SimulatedFileSystem/readFile(at:)``, listings, existence and permission checks,
        /// and SQLite's byte-range reads and size checks.
        case read
        /// A file created empty without data (SQLite's VFS opening a file that does not exist).
        case create
        /// A file cut or extended to a size (SQLite's VFS truncating a journal or database).
        case truncate
    }

    /// The call it matches.
    public var call: Call
    /// The error that call throws (nothing changes).
    public var error: FileSystemError
    /// If set, only calls on a path with this suffix match.
    public var pathSuffix: String?

    /// Creates a fault.
    public init(_ call: Call, error: FileSystemError, pathSuffix: String? = nil) {
        self.call = call
        self.error = error
        self.pathSuffix = pathSuffix
    }
}

/// Counts of a ``SimulatedDisk``'s calls. A value, `Sendable`.
public struct DiskStatistics: Sendable, Equatable {
    /// File writes (each one a call writing a whole file, counted once however many steps it
    /// took, or a byte-range write of SQLite's).
    public var writes = 0
    /// File syncs.
    public var fileSyncs = 0
    /// Directory syncs.
    public var directorySyncs = 0
    /// Renames.
    public var renames = 0
    /// Reads.
    public var reads = 0
}
