import Foundation
import LifecycleSimulator

/// `lifecycle-check` without a subcommand: explores the chosen app (the random search on worker
/// processes, up to `--jobs` at once, where a trap in the app is a finding; in this process with
/// `--in-process`), replays a repro file (`--replay`, in this process), or serves its parent as
/// a worker (the internal `--worker`). A value owned by ``LifecycleCheck``; main actor.
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
        if options.isWorker { return await options.session().serveWorker() }
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
            if let executable, !options.inProcess {
                var parallel = ParallelExplorer(executable: executable, options: options, session: session, jobs: options.jobs)
                workers = ParallelExplorer.workers(for: range.count, jobs: options.jobs)
                do {
                    slice = try await parallel.explore(range: range, from: ExplorationState()) { progress.update($0) }
                } catch {
                    progress.finish()
                    console.error("lifecycle-check: \(error)\n")
                    return 2
                }
                for rerun in parallel.reruns { console.error("lifecycle-check: \(rerun)\n") }
            } else {
                workers = 0
                slice = await session.explore(
                    seed: options.seed, range: range, depth: options.depth, crashPoints: options.mode == .mixed,
                    maxFailures: options.maxFailures, from: ExplorationState()
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
}
