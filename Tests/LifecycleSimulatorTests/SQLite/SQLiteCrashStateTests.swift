import DurableState
import Foundation
import LifecycleSimulator
import Testing

/// Real SQLite on the simulated disk, crashed at every one of its disk operations — a kill, and
/// a power loss under each crash policy — then reopened as the next launch would.
///
/// What SQLite promises, and what each test checks of every recovered state:
/// - always: `PRAGMA integrity_check` is `ok` and the rows are those after the first *j*
///   transactions for some *j* — a committed prefix, never half a transaction;
/// - after a kill, in any mode: every acknowledged transaction is there (*j* ≥ *a*, the
///   transactions whose `COMMIT` returned) and the one in flight whole or absent (*j* ≤ *a* + 1);
/// - after a power loss with `synchronous = FULL` in WAL mode, or `EXTRA` with a rollback
///   journal: the same, *a* ≤ *j* ≤ *a* + 1;
/// - after a power loss with `synchronous = FULL` and a rollback journal (`DELETE`): *a* − 1 ≤
///   *j* ≤ *a* + 1. The journal is deleted at commit without a directory sync (that is what
///   `EXTRA` adds), so the deletion can be lost and the journal played back: the last
///   acknowledged transaction rolls back, as SQLite's documentation of `EXTRA` warns;
/// - after a power loss with `synchronous = NORMAL` in WAL mode: *s* ≤ *j* ≤ *a* + 1, where *s*
///   counts the transactions acknowledged before the last sync (a checkpoint syncs the WAL):
///   "a transaction committed in WAL mode with synchronous=NORMAL might roll back following a
///   power loss", but the database is never corrupt and never holds part of a transaction.
///
/// `LIFELINE_SIM_FULL=1` runs longer workloads, more seeds per policy and, where few operations
/// are pending, every power-loss state the disk can reach.
@Suite("SQLite crash states")
@MainActor
struct SQLiteCrashStateTests {
    nonisolated static let isFull = ProcessInfo.processInfo.environment["LIFELINE_SIM_FULL"] == "1"
    nonisolated static let transactions = isFull ? 16 : 6
    nonisolated static let seedsPerPolicy: UInt64 = isFull ? 16 : 3

    /// What one configuration's crash states came to.
    struct Tally {
        var crashPoints = 0
        var states = 0
        var distinctImages = 0
        /// Recovered states by how many transactions they lack of the acknowledged ones (−1: the
        /// one in flight is there too).
        var lostByCount: [Int: Int] = [:]
        var failures: [String] = []
    }

    nonisolated static let workloads = [
        SQLiteCrashWorkload(journalMode: "DELETE", synchronous: "EXTRA", transactions: transactions),
        SQLiteCrashWorkload(journalMode: "DELETE", synchronous: "FULL", transactions: transactions),
        SQLiteCrashWorkload(journalMode: "WAL", synchronous: "FULL", transactions: transactions),
        SQLiteCrashWorkload(journalMode: "WAL", synchronous: "NORMAL", transactions: transactions),
    ]

    @Test("every crash state recovers to an intact database with the transactions SQLite promises", arguments: workloads)
    func crashStates(workload: SQLiteCrashWorkload) throws {
        let tally = try Self.explore(workload)
        #expect(tally.failures.isEmpty, "\(workload): \(tally.failures.prefix(5).joined(separator: "\n"))")
        #expect(tally.states >= 1_000, "\(workload): only \(tally.states) crash states")
        #expect(tally.lostByCount[0, default: 0] > 0, "\(workload): \(tally.lostByCount)")
        switch (workload.journalMode, workload.synchronous) {
        case ("DELETE", "FULL"):
            // The commit point (the journal's deletion) is its last disk operation: no crash
            // lands after it and before `COMMIT` returns.
            #expect(tally.lostByCount[1, default: 0] > 0, "a lost journal deletion rolls the last commit back: \(tally.lostByCount)")
        case ("WAL", "NORMAL"):
            #expect(tally.lostByCount.keys.contains { $0 > 0 }, "unsynced commits are lost on power loss: \(tally.lostByCount)")
        default:
            // A crash between the commit point and `COMMIT`'s return keeps the transaction.
            #expect(tally.lostByCount[-1, default: 0] > 0, "\(workload): \(tally.lostByCount)")
            #expect(tally.lostByCount.keys.allSatisfy { $0 <= 0 }, "\(workload): \(tally.lostByCount)")
        }
    }

    /// Crashes `workload` at each of its disk operations in turn and checks every state.
    static func explore(_ workload: SQLiteCrashWorkload) throws -> Tally {
        let prepared = try workload.preparedImage()
        var tally = Tally()
        var checked: [DiskImage: SQLiteCrashWorkload.Recovery] = [:]
        for operations in 0... {
            let disk = SimulatedDisk(image: prepared)
            let fileSystem = disk.mount()
            disk.kill(fileSystem, afterOperations: operations)
            let progress = workload.run(on: fileSystem, disk: disk)
            guard disk.isFenced(fileSystem) else { break }
            tally.crashPoints += 1
            var states = [("kill", disk.currentImage, progress.acknowledged)]
            for policy in DiskCrashPolicy.allCases {
                let floor = Self.durableFloor(workload, progress)
                for seed in 0..<seedsPerPolicy {
                    states.append(("\(policy) seed \(seed)", disk.powerLossImage(policy: policy, seed: seed), floor))
                }
            }
            if isFull, let every = try? disk.possiblePowerLossImages(maximumPendingOperations: 6) {
                states += every.map { ("enumerated power loss", $0, Self.durableFloor(workload, progress)) }
            }
            for (death, image, floor) in states {
                tally.states += 1
                let recovery: SQLiteCrashWorkload.Recovery
                if let known = checked[image] {
                    recovery = known
                } else {
                    recovery = workload.recover(image)
                    checked[image] = recovery
                }
                let place = "\(workload), crash before operation \(operations + 1), \(death), \(progress.acknowledged) acknowledged"
                guard recovery.failure == nil, recovery.integrity == "ok", let held = recovery.transactions else {
                    tally.failures.append("\(place): \(recovery.failure ?? "integrity \(recovery.integrity)"), rows of no prefix: \(recovery.transactions == nil)")
                    continue
                }
                tally.lostByCount[progress.acknowledged - held, default: 0] += 1
                if held < floor || held > progress.acknowledged + 1 {
                    tally.failures.append("\(place): recovered \(held) transactions, expected \(floor)…\(progress.acknowledged + 1)")
                }
            }
        }
        tally.distinctImages = checked.count
        return tally
    }

    /// The fewest transactions a power loss may leave, per the promises above.
    static func durableFloor(_ workload: SQLiteCrashWorkload, _ progress: SQLiteCrashWorkload.Progress) -> Int {
        switch (workload.journalMode, workload.synchronous) {
        case ("DELETE", "FULL"): max(0, progress.acknowledged - 1)
        case (_, "NORMAL"): progress.synced
        default: progress.acknowledged
        }
    }
}
