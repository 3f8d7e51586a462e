import Foundation
import LifecycleSimulator

/// Runs a slice of the random search on worker processes — the simulator runs on the main actor,
/// so more threads would not make it faster; more processes do — and folds their slices into the
/// result one process would have given: the same counts, the same combined trace hash, the same
/// bugs. Every part runs in workers isolated from this process (``IsolatedExplorer``), so a
/// trap in the app is a finding, with `--jobs 1` too.
///
/// A round cuts the schedules left into one consecutive part per worker (``parts(of:workers:discovering:)``), every part starting
/// from the state the search stood in before the first ( ``ExplorationSlice/merging(_:)``
/// drops the crash points a later part repeats, and decides the failures a later part met as
/// the whole search would have). Once every part has ended, their slices are folded in order:
/// when a part started from a state the fold cannot correct (a failure it did not shrink that
/// the search would have, a crash point it repeated that failed, the search finished before its
/// end), a new round runs the schedules from there, from the true state. A round's first part
/// always starts from the true state, so every round makes progress.
///
/// A value owned by one command, on the main actor.
@MainActor
struct ParallelExplorer {
    /// Below this many schedules a part costs more to start than it saves.
    nonisolated static let minimumSchedulesPerWorker = 48

    /// Schedules at the start of a round whose crash-point sites the workers after the first
    /// learn before their own part: the sites a search crashes are mostly found in its first
    /// schedules, and a worker that knows them does not crash them again (the merge would drop
    /// those replays; learning them costs a few schedules instead).
    static let learnedSchedules = 60

    /// The command itself, started as each worker.
    var executable: URL
    /// The options of the search (the app, its switches, seed, depth, mode, simulation flags).
    var options: CheckOptions
    /// The app, to rebuild a worker's failure report.
    var session: any CheckSession
    /// Worker processes per round at most.
    var jobs: Int
    /// Why schedules ran again, one line each: said on standard error, not in the report.
    private(set) var reruns: [String] = []
    /// Worker processes started.
    private(set) var processes = 0

    init(executable: URL, options: CheckOptions, session: any CheckSession, jobs: Int) {
        self.executable = executable
        self.options = options
        self.session = session
        self.jobs = jobs
    }

    /// Schedules the first part of a round that starts knowing no crash point hands to the
    /// others. That part crashes every site the search reaches first, which the others learn
    /// cheaply (``learnedSchedules``): on Campus Library, seed 1, 1,000 schedules, the part
    /// 0..<380 made 942 crash replays, 380..<1000 (learning 24) 360, of which the merge kept
    /// 72; the parts 0..<340 and 340..<1000 (learning 60) took 8.0–8.2 and 8.1–8.3 s of CPU
    /// where 0..<380 and 380..<1000 (learning 24) took 8.5–9.3 and 7.7–7.8 s
    /// (`lifecycle-check --worker-range … --worker-learn …`, two runs each).
    nonisolated static let discoveryAllowance = 320

    /// The parts of `left` for `workers` workers, in order: equal, except that a round
    /// `discovering` the crash sites gives its first part up to ``discoveryAllowance``
    /// schedules fewer (at most two thirds of an equal share), spread over the others.
    nonisolated static func parts(of left: Range<Int>, workers: Int, discovering: Bool) -> [Range<Int>] {
        guard workers > 1 else { return [left] }
        let allowance = discovering ? min(discoveryAllowance, 2 * left.count / (3 * workers)) : 0
        let first = (left.count - allowance) / workers
        let rest = left.count - first
        return [left.lowerBound..<left.lowerBound + first] + (0..<workers - 1).map { part in
            left.lowerBound + first + Shard.start(of: part, count: workers - 1, schedules: rest)
                ..< left.lowerBound + first + Shard.start(of: part + 1, count: workers - 1, schedules: rest)
        }
    }

    /// How to start a worker: this command with the search's options and `--worker`.
    var launch: WorkerLaunch {
        WorkerLaunch(executable: executable, arguments: options.configuration.arguments + ["--worker"])
    }

    /// How many workers a slice of `count` schedules gets with `jobs` at most.
    static func workers(for count: Int, jobs: Int) -> Int {
        max(1, min(jobs, count / minimumSchedulesPerWorker))
    }

    /// The slice `range` of the search from `start`, as one process would have run it.
    /// `progress` is called with the schedules done so far (it may go back when a round reruns).
    /// - Throws: ``WorkerError``; every worker started has ended then.
    mutating func explore(
        range: Range<Int>, from start: ExplorationState, progress: @escaping (Int) -> Void
    ) async throws(WorkerError) -> ExplorationSlice {
        var folded: ExplorationSlice?
        var next = range.lowerBound
        var state = start
        while true {
            let left = next..<range.upperBound
            let count = Self.workers(for: left.count, jobs: jobs)
            let parts = Self.parts(of: left, workers: count, discovering: state.crashPoints.tried.isEmpty)
            let outcome = try await runRound(parts: parts, from: state, after: folded) {
                progress(left.lowerBound - range.lowerBound + $0)
            }
            switch outcome {
            case .complete(var whole):
                whole.range = range
                return whole
            case .incomplete(let prefix, let resumeAt, let reason):
                reruns.append("schedules \(resumeAt)..<\(range.upperBound) ran again: \(reason)")
                folded = prefix
                next = resumeAt
                state = prefix.end
            }
        }
    }

    /// The schedules done by each part of a round, summed for the progress bar. A class on the
    /// main actor, shared by the round's parts.
    private final class Tally {
        var done: [Int]
        init(parts: Int) { done = Array(repeating: 0, count: parts) }
    }

    /// Runs one round: the parts at once, each from `state` in its own workers, folded after
    /// `before` (the slices of the rounds before) once all have ended.
    private mutating func runRound(
        parts: [Range<Int>], from state: ExplorationState, after before: ExplorationSlice?, progress: @escaping (Int) -> Void
    ) async throws(WorkerError) -> ExplorationSlice.Merged {
        let tally = Tally(parts: parts.count)
        let first = parts[0].lowerBound
        let session = session
        let options = options
        let launch = launch
        let tasks = parts.enumerated().map { index, part in
            let learn = part.lowerBound > first ? first..<min(part.lowerBound, first + Self.learnedSchedules) : nil
            return Task { @MainActor () -> Result<(slice: ExplorationSlice, processes: Int, reruns: [String]), WorkerError> in
                do throws(WorkerError) {
                    return .success(try await session.isolatedExplore(
                        seed: options.seed, range: part, depth: options.depth, crashPoints: options.mode == .mixed,
                        maxFailures: options.maxFailures, from: state, learn: options.mode == .mixed ? learn : nil, launch: launch
                    ) { done in
                        tally.done[index] = done
                        progress(tally.done.reduce(0, +))
                    })
                } catch {
                    return .failure(error)
                }
            }
        }
        var slices: [ExplorationSlice] = []
        var failure: WorkerError?
        for task in tasks {
            switch await task.value {
            case .success(let result):
                slices.append(result.slice)
                processes += result.processes
                reruns += result.reruns
            case .failure(let error):
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
        return try fold((before.map { [$0] } ?? []) + slices)
    }

    private func fold(_ slices: [ExplorationSlice]) throws(WorkerError) -> ExplorationSlice.Merged {
        do {
            return try ExplorationSlice.merging(slices)
        } catch {
            throw WorkerError(description: "the workers' slices do not fold: \(error)")
        }
    }
}
