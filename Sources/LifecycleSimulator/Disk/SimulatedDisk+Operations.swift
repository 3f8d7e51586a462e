import DurableState
import Foundation
import Synchronization

/// The calls of ``SimulatedFileSystem``, run under the disk's lock: fencing and injected faults
/// first, then the change recorded in the pending log and applied to the current tree.
extension SimulatedDisk {
    /// Runs `body` for `incarnation` after the fence and fault checks. `counts` says whether the
    /// call is a change or sync (reads are not counted by ``kill(_:afterOperations:)``);
    /// `matchesFaults` whether an injected fault can fail it (not the later steps of a write whose
    /// first step was matched).
    func perform<Result: Sendable>(
        _ incarnation: Int,
        _ call: DiskFault.Call,
        path: String,
        counts: Bool = true,
        matchesFaults: Bool = true,
        _ body: (inout Core) throws(FileSystemError) -> Result
    ) throws(FileSystemError) -> Result {
        try core.withLock { (core: inout Core) throws(FileSystemError) -> Result in
            if core.isFenced(incarnation) { throw .fenced(path) }
            // The emptiness test spares hashing the incarnation on every call (none is armed in
            // most runs).
            if counts, !core.fenceAfter.isEmpty, let remaining = core.fenceAfter[incarnation] {
                if remaining == 0 {
                    core.fenceAfter[incarnation] = nil
                    core.fenced.insert(incarnation)
                    throw .fenced(path)
                }
                core.fenceAfter[incarnation] = remaining - 1
            }
            if matchesFaults, !core.faults.isEmpty, let index = core.faults.firstIndex(where: { $0.call == call && $0.pathSuffix.map(path.hasSuffix) ?? true }) {
                throw core.faults.remove(at: index).error
            }
            return try body(&core)
        }
    }

    /// The size of the file at `key`'s path as processes read it now (`nil`: no file there),
    /// looked at without fencing or counting anything: what a write plans its steps from.
    func currentSize(of key: DiskKey) -> Int? {
        core.withLock { core in
            guard let number = core.paths.existingNumber(of: key), let inode = core.current.entries[number] else { return nil }
            return core.current.inodes.size(of: inode)
        }
    }
}

extension SimulatedDisk.Core {
    /// Whether `incarnation` is fenced: covered by a power loss or fenced on its own (tested
    /// without hashing while no incarnation is fenced on its own).
    func isFenced(_ incarnation: Int) -> Bool {
        incarnation <= fencedThrough || (!fenced.isEmpty && fenced.contains(incarnation))
    }

    /// Fences every incarnation from 1 through `last`.
    mutating func fenceThrough(_ last: Int) {
        fencedThrough = max(fencedThrough, last)
    }

    /// Appends a change to the pending log and applies it to the current tree; returns the inode
    /// that lost a name (see ``DiskTree/apply(_:truncatedTo:)``).
    @discardableResult
    mutating func record(_ change: DiskChange) -> Int? {
        sequence += 1
        if recordsHistory { history.append(change.operation(in: paths)) }
        let replaced = current.apply(change)
        pending.append(SimulatedDisk.Pending(sequence: sequence, change: change, isDurable: false, paths: paths))
        return replaced
    }

    /// Applies `change`, the whole-file write logged as `sequence` carried further (more of its
    /// bytes written), to the current tree, and puts it in that write's place in the pending log
    /// and history, so that a write of several steps is one operation there, holding what it has
    /// written so far. If something was logged since (or the entry is durable), the change is
    /// logged anew. Returns the sequence number of the entry that holds it.
    mutating func rewrite(_ sequence: Int, with change: DiskChange) -> Int {
        guard let last = pending.last, last.sequence == sequence, !last.isDurable else {
            record(change)
            return self.sequence
        }
        current.apply(change)
        pending[pending.count - 1] = SimulatedDisk.Pending(sequence: sequence, change: change, isDurable: false, paths: paths)
        if recordsHistory, !history.isEmpty { history[history.count - 1] = change.operation(in: paths) }
        return sequence
    }

    /// Records a sync: marks what it covers durable, then folds the durable prefix of the log
    /// into the durable tree.
    mutating func barrier(_ change: DiskChange) {
        sequence += 1
        if recordsHistory { history.append(change.operation(in: paths)) }
        // One switch on the barrier, then a scan testing each pending change in place: through
        // the array, each entry was either copied to be read or checked for uniqueness to be
        // marked (the log holds a few dozen entries at a barrier).
        switch change {
        case .syncFile(_, let inode):
            // Safe because the buffer is used only inside the closure, at its own indices.
            pending.withUnsafeMutableBufferPointer { entries in
                for index in entries.indices { entries[index].markDurable(ifWrites: inode) }
            }
        case .syncDirectory(let directory):
            // Safe because the buffer is used only inside the closure, at its own indices.
            pending.withUnsafeMutableBufferPointer { entries in
                for index in entries.indices { entries[index].markDurable(ifCoveredBySyncOf: directory) }
            }
        default:
            break
        }
        pending.append(SimulatedDisk.Pending(sequence: sequence, change: change, isDurable: true, paths: paths))
        // The durable tree replays the log's prefix as the current tree did, so its only garbage
        // is the inodes those changes unlinked or replaced: each is dropped once unreferenced
        // (an inode without names never gets one back: links make new inodes).
        var folded = 0
        while folded < pending.count, pending[folded].isDurable { folded += 1 }
        // Read in place: `pending[index].change` copied each entry out (retaining its payload).
        // Safe because the buffer is only read, inside the closure, below `folded <= count`.
        pending.withUnsafeBufferPointer { entries in
            for index in 0..<folded {
                durable.collectGarbage(ifUnreferenced: durable.apply(entries[index].change))
            }
        }
        // Usually the whole log folds: keep its buffer for the next changes.
        if folded == pending.count {
            pending.removeAll(keepingCapacity: true)
        } else if folded > 0 {
            pending.removeFirst(folded)
        }
    }

    func requireDirectory(_ path: Int, missing: FileSystemError) throws(FileSystemError) {
        guard current.directories[path] != nil else { throw missing }
    }

    var usedBytes: Int { current.inodes.totalBytes }
}
