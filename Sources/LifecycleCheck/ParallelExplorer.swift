import Foundation
import LifecycleSimulator

/// Runs a slice of the random search on several worker processes — the simulator runs on the
/// main actor, so more threads would not make it faster; more processes do — and folds their
/// slices into the result one process would have given: the same counts, the same combined
/// trace hash, the same first failure.
///
/// A round cuts the schedules left into one consecutive part per worker (``parts(of:workers:discovering:)``), every part starting
/// from the state the search stood in before the first ( ``ExplorationSlice/merging(_:)``
/// drops the crash points a later part repeats). As the workers end, their slices are folded in
/// order: when the fold finds a failure that ends the search, the workers after it are stopped;
/// when a part started from a state the search was not in (an earlier part found a failure the
/// search keeps looking past, or a crash point the part repeated failed), the workers from it on
/// are stopped and a new round runs the schedules from there, from the true state. A round's
/// first part always starts from the true state, so every round makes progress.
///
/// A value owned by one command, on the main actor.
@MainActor
struct ParallelExplorer {
    /// A worker failed (it could not start, ended with an unexpected status, or wrote no
    /// readable summary); the workers still running were stopped.
    struct WorkerError: Error, CustomStringConvertible {
        var description: String
    }

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
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var folded: ExplorationSlice?
        var next = range.lowerBound
        var state = start
        var round = 0
        while true {
            round += 1
            let left = next..<range.upperBound
            let count = Self.workers(for: left.count, jobs: jobs)
            let parts = Self.parts(of: left, workers: count, discovering: state.crashPoints.tried.isEmpty)
            let outcome = try await runRound(parts: parts, from: state, after: folded, round: round, directory: directory) {
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

    /// Runs one round: a worker per part, all from `state`, folded after `before` (the slices of
    /// the rounds before), stopping the workers whose parts the fold no longer needs.
    private func runRound(
        parts: [Range<Int>], from state: ExplorationState, after before: ExplorationSlice?, round: Int,
        directory: String, progress: @escaping (Int) -> Void
    ) async throws(WorkerError) -> ExplorationSlice.Merged {
        if parts.count == 1, let only = parts.first {
            // One part: in this process (exact as well, and no process to start).
            let slice = await session.explore(
                seed: options.seed, range: only, depth: options.depth, crashPoints: options.mode == .mixed, from: state,
                progress: progress
            )
            return try fold((before.map { [$0] } ?? []) + [slice])
        }
        let statePath = "\(directory)/state-\(round).json"
        do {
            try JSONEncoder().encode(state).write(to: URL(fileURLWithPath: statePath))
        } catch {
            throw WorkerError(description: "cannot write the workers' start state to \(statePath): \(error.localizedDescription)")
        }
        var workers: [WorkerProcess] = []
        defer { for worker in workers { worker.stop() } }
        let first = parts[0].lowerBound
        for part in parts {
            let output = "\(directory)/slice-\(round)-\(part.lowerBound).json"
            var arguments = options.configuration.arguments + [
                "--worker-range", "\(part.lowerBound):\(part.upperBound)", "--worker-state", statePath, "--json", output,
            ]
            if part.lowerBound > first {
                arguments += ["--worker-learn", "\(first):\(min(part.lowerBound, first + Self.learnedSchedules))"]
            }
            do {
                workers.append(try WorkerProcess(executable: executable, arguments: arguments, range: part, outputPath: output))
            } catch {
                throw WorkerError(description: error.description)
            }
        }
        var slices: [ExplorationSlice?] = Array(repeating: nil, count: parts.count)
        while true {
            progress(workers.reduce(0) { $0 + min($1.progress.value, $1.range.count) })
            var loadedAny = false
            for (index, worker) in workers.enumerated() where slices[index] == nil && !worker.isRunning {
                slices[index] = try await load(worker)
                loadedAny = true
            }
            let done = slices.prefix { $0 != nil }.compactMap { $0 }
            if loadedAny, !done.isEmpty {
                let merged = try fold((before.map { [$0] } ?? []) + done)
                switch merged {
                case .complete(let whole) where done.count == parts.count || whole.end.isFinished:
                    return merged
                case .incomplete:
                    return merged
                case .complete:
                    break
                }
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The slice a worker that ended wrote.
    private func load(_ worker: WorkerProcess) async throws(WorkerError) -> ExplorationSlice {
        let status = worker.status
        guard status == 0 || status == 1 else {
            throw WorkerError(description: "the worker for schedules \(worker.range) ended with status \(status)")
        }
        do {
            let file = try SummaryFile.read(from: worker.outputPath)
            guard let slice = try await file.explorationSlice(on: session) else {
                throw WorkerError(description: "the worker for schedules \(worker.range) wrote no slice")
            }
            return slice
        } catch let error as SummaryFile.ReadError {
            throw WorkerError(description: "the worker for schedules \(worker.range): \(error)")
        } catch let error as WorkerError {
            throw error
        } catch {
            throw WorkerError(description: "the worker for schedules \(worker.range): \(error)")
        }
    }

    private func fold(_ slices: [ExplorationSlice]) throws(WorkerError) -> ExplorationSlice.Merged {
        do {
            return try ExplorationSlice.merging(slices)
        } catch {
            throw WorkerError(description: "the workers' slices do not fold: \(error)")
        }
    }

    /// A new private directory for the round's files.
    private static func temporaryDirectory() throws(WorkerError) -> String {
        var template = Array((NSTemporaryDirectory() + "/lifecycle-check.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw WorkerError(description: "cannot create a temporary directory in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }
}
