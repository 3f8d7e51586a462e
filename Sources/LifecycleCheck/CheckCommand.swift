import Foundation
import LifecycleSimulator

/// `lifecycle-check` without a subcommand: explores the chosen app (on worker processes for the
/// random search, one per `--jobs`), replays a repro file (`--replay`), or runs one worker's
/// slice (the internal `--worker-range`). A value owned by ``LifecycleCheck``; main actor.
@MainActor
struct CheckCommand {
    var options: CheckOptions
    var apps: [CheckableApp]
    var console: Console
    /// The command's own executable, started as each worker; `nil` runs everything in this
    /// process.
    var executable: URL?

    /// Runs the command and returns its exit status: 0 when every schedule passed, 1 on a
    /// violation, 2 on an unreadable or unplayable repro file, a worker that failed or a file
    /// that could not be written.
    func run() async -> Int32 {
        if let worker = options.worker { return await runWorker(worker) }
        if let path = options.replayPath { return await replay(path) }
        return await explore()
    }

    private func explore() async -> Int32 {
        let session = options.session()
        let clock = RunClock()
        var header = "lifecycle-check: \(session.appName), mode \(options.mode.rawValue), seed \(options.seed), schedules \(options.schedules), depth \(options.depth)"
        let range = options.shard?.range(of: options.schedules) ?? 0..<options.schedules
        if let shard = options.shard { header += ", shard \(shard) (schedules \(range.lowerBound)..<\(range.upperBound))" }
        console.line(header)
        var progress = ProgressBar(total: options.mode.isRandom ? range.count : options.schedules, console: console)
        let summary: ExplorationSummary
        var slice: ExplorationSlice?
        var workers = 1
        switch options.mode {
        case .crash:
            summary = await session.crashEverywhere(seed: options.seed, depth: options.depth, limit: options.schedules)
        case .exhaustive:
            summary = await session.exhaustive(depth: options.depth, limit: options.schedules)
        case .mixed, .random:
            workers = executable == nil ? 1 : ParallelExplorer.workers(for: range.count, jobs: options.jobs)
            if let executable, workers > 1 {
                var parallel = ParallelExplorer(executable: executable, options: options, session: session, jobs: options.jobs)
                do {
                    slice = try await parallel.explore(range: range, from: ExplorationState()) { progress.update($0) }
                } catch {
                    progress.finish()
                    console.error("lifecycle-check: \(error)\n")
                    return 2
                }
                for rerun in parallel.reruns { console.error("lifecycle-check: \(rerun)\n") }
            } else {
                slice = await session.explore(
                    seed: options.seed, range: range, depth: options.depth, crashPoints: options.mode == .mixed,
                    from: ExplorationState()
                ) { progress.update($0) }
            }
            summary = slice?.summary ?? ExplorationSummary(mode: options.mode.rawValue)
        }
        progress.finish()
        let report = RunReport(options: options, console: console)
        return report.emit(
            summary: summary, slice: slice, configuration: options.configuration, session: session, clock: clock, workers: workers
        )
    }

    /// Runs the worker's slice from the state in its file, says its progress on standard output
    /// and writes its summary file where `--json` says.
    private func runWorker(_ worker: CheckOptions.Worker) async -> Int32 {
        var state: ExplorationState
        do {
            state = try JSONDecoder().decode(ExplorationState.self, from: Data(contentsOf: URL(fileURLWithPath: worker.statePath)))
        } catch {
            console.error("lifecycle-check: cannot read the worker state \(worker.statePath): \(error)\n")
            return 2
        }
        guard let output = options.jsonPath else {
            console.error("lifecycle-check: a worker needs --json FILE\n")
            return 2
        }
        let session = options.session()
        if let learn = worker.learn, options.mode == .mixed {
            state.crashPoints.formUnion(await session.crashPointSites(seed: options.seed, range: learn, depth: options.depth))
        }
        let step = max(1, worker.range.count / 100)
        var said = 0
        let slice = await session.explore(
            seed: options.seed, range: worker.range, depth: options.depth, crashPoints: options.mode == .mixed, from: state
        ) { done in
            guard done - said >= step || done == worker.range.count else { return }
            said = done
            FileHandle.standardOutput.write(Data("progress \(done)\n".utf8))
        }
        let file = SummaryFile(
            configuration: options.configuration, appName: session.appName, summary: slice.summary, slice: slice, reproFile: nil, timings: nil
        )
        do {
            try file.encoded().write(to: URL(fileURLWithPath: output))
        } catch {
            console.error("lifecycle-check: cannot write \(output): \(error.localizedDescription)\n")
            return 2
        }
        return slice.summary.passed ? 0 : 1
    }
}
