import DurableState
import Foundation
import Synchronization

/// Power loss: which pending operations survive, chosen by a ``DiskCrashPolicy`` and a seed, and
/// the enumeration of every state a power loss could leave.
extension SimulatedDisk {
    /// Cuts the power: every incarnation is fenced, and the disk keeps the durable tree, every
    /// synced operation, and the unsynced operations `policy` lets through with choices drawn
    /// from `seed`. The same pending log, policy and seed always give the same state.
    /// - Returns: the image that survived (what the next ``mount()`` reads).
    @discardableResult
    public func powerLoss(policy: DiskCrashPolicy, seed: UInt64) -> DiskImage {
        var generator = DiskChoiceGenerator(seed: seed)
        return powerLoss(policy: policy) { generator.next(below: $0) }
    }

    /// ``powerLoss(policy:seed:)`` without building the surviving image (the simulator's path).
    func cutPower(policy: DiskCrashPolicy, seed: UInt64) {
        var generator = DiskChoiceGenerator(seed: seed)
        core.withLock { core in
            let tree = core.survivingTree(policy: policy) { generator.next(below: $0) }
            core.durable = tree
            core.current = tree
            core.pending.removeAll(keepingCapacity: true)
            core.fenceAfter.removeAll()
            core.fenceThrough(max(1, core.nextIncarnation))
        }
    }

    /// Cuts the power with choices from `choose`, which is given an upper bound and returns a
    /// number in `0..<bound` (the simulator passes its recorded random source). `choose` runs
    /// under the disk's lock and must not call the disk.
    @discardableResult
    public func powerLoss(policy: DiskCrashPolicy, choose: (Int) -> Int) -> DiskImage {
        core.withLock { core in
            let tree = core.survivingTree(policy: policy, choose: choose)
            core.durable = tree
            core.current = tree
            core.pending.removeAll(keepingCapacity: true)
            core.fenceAfter.removeAll()
            core.fenceThrough(max(1, core.nextIncarnation))
            return tree.image(paths: core.paths)
        }
    }

    /// The state a power loss under `policy` and `seed` would leave, without cutting the power.
    public func powerLossImage(policy: DiskCrashPolicy, seed: UInt64) -> DiskImage {
        var generator = DiskChoiceGenerator(seed: seed)
        return core.withLock { core in core.survivingTree(policy: policy) { generator.next(below: $0) }.image(paths: core.paths) }
    }

    /// Every state a power loss could leave now: the durable tree plus the synced operations plus
    /// each subset of the unsynced ones (applied in order), and for each subset its last data
    /// write torn — a whole-file write to 0, 1, half and all-but-one bytes, a byte-range write at
    /// the first, middle and last sector boundaries inside it or not at all; with
    /// `everyTornLength`, to every length ``DiskCrashPolicy/tornLastWrite`` may choose.
    /// Duplicates are merged.
    /// - Throws: ``SimulatedDiskError/tooManyPendingOperations(count:limit:)`` when more than
    ///   `maximumPendingOperations` changes are unsynced (2ⁿ subsets).
    public func possiblePowerLossImages(
        maximumPendingOperations: Int = 16, everyTornLength: Bool = false
    ) throws(SimulatedDiskError) -> Set<DiskImage> {
        let (durable, pending, paths) = core.withLock { ($0.durable, $0.pending, $0.paths) }
        let unsynced = pending.indices.filter { !pending[$0].isDurable }
        guard unsynced.count <= maximumPendingOperations else {
            throw .tooManyPendingOperations(count: unsynced.count, limit: maximumPendingOperations)
        }
        var images = Set<DiskImage>()
        for mask in 0..<(1 << unsynced.count) {
            var kept = Set<Int>()
            for (bit, index) in unsynced.enumerated() where mask & (1 << bit) != 0 { kept.insert(index) }
            images.insert(Core.replay(durable, pending, keeping: kept, torn: nil).image(paths: paths))
            guard let last = kept.filter({ pending[$0].change.isWrite }).max() else { continue }
            for length in pending[last].change.tornLengths(every: everyTornLength) {
                images.insert(Core.replay(durable, pending, keeping: kept, torn: (last, length)).image(paths: paths))
            }
        }
        return images
    }
}

/// Why a ``SimulatedDisk`` request could not be answered.
public enum SimulatedDiskError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Too many unsynced operations to enumerate their subsets.
    case tooManyPendingOperations(count: Int, limit: Int)

    public var description: String {
        switch self {
        case let .tooManyPendingOperations(count, limit):
            "\(count) unsynced operations are more than the \(limit) whose subsets can be enumerated"
        }
    }
}

extension SimulatedDisk.Core {
    /// The tree a power loss leaves under `policy`.
    func survivingTree(policy: DiskCrashPolicy, choose: (Int) -> Int) -> DiskTree {
        let unsynced = pending.indices.filter { !pending[$0].isDurable }
        func pick(_ bound: Int) -> Int { bound <= 1 ? 0 : min(max(choose(bound), 0), bound - 1) }
        var kept = Set<Int>()
        var torn: (index: Int, length: Int)?
        switch policy {
        case .inOrderPrefix:
            kept = Set(unsynced.prefix(pick(unsynced.count + 1)))
        case .reorderBetweenBarriers:
            var epochs: [Int: [Int]] = [:]
            var epoch = 0
            for index in pending.indices {
                if pending[index].change.isBarrier { epoch += 1 } else if !pending[index].isDurable { epochs[epoch, default: []].append(index) }
            }
            let ordered = epochs.keys.sorted()
            let chosen = pick(ordered.count + 1)
            for (position, key) in ordered.enumerated() where position <= chosen {
                for index in epochs[key] ?? [] where position < chosen || pick(2) == 1 { kept.insert(index) }
            }
        case .dropOnePending:
            kept = Set(unsynced)
            if !unsynced.isEmpty { kept.remove(unsynced[pick(unsynced.count)]) }
        case .tornLastWrite:
            kept = Set(unsynced)
            if let last = unsynced.last(where: { pending[$0].change.isWrite }),
               let length = pending[last].change.tornLength(choosing: pick)
            {
                torn = (last, length)
            }
        case .renameLostWithoutDirectorySync:
            kept = Set(unsynced.filter { !pending[$0].change.isRename })
        }
        return Self.replay(durable, pending, keeping: kept, torn: torn)
    }

    /// `durable` plus the synced operations of `pending` and those at `kept` indices, in order;
    /// the write at `torn.index` cut to `torn.length` bytes.
    static func replay(
        _ durable: DiskTree, _ pending: [SimulatedDisk.Pending], keeping kept: Set<Int>, torn: (index: Int, length: Int)?
    ) -> DiskTree {
        var tree = durable
        for (index, entry) in pending.enumerated() where entry.isDurable || kept.contains(index) {
            tree.apply(entry.change, truncatedTo: torn?.index == index ? torn?.length : nil)
        }
        tree.collectGarbage()
        return tree
    }
}

/// SplitMix64: the disk's own deterministic source of crash choices for a seed.
struct DiskChoiceGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func next(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        return Int(next() % UInt64(bound))
    }
}
