import Foundation

/// Runs a slice of the random search in worker processes, so that a trap in the app is a finding
/// and not the end of the search: a worker runs the slice as ``Explorer`` does in its own
/// process, saying `begin N` before each schedule and sending the slice so far every half
/// second (a checkpoint). When a trap ends it at schedule `N`, the slice is taken up from the
/// last checkpoint, the schedules between it and `N` run again in a fresh worker
/// (deterministic: the same slice, which gives the state the search stood in before `N`), then schedule `N` is run here, each of its
/// runs (the random run, its crash points, each shrinking candidate) in a worker of a
/// ``WorkerRunner`` — a trap there is an ``Violation/Kind/appCrash`` failure, confirmed by the
/// run itself and shrunk like any other — and the slice goes on from `N + 1` in a fresh worker.
/// The pieces fold (``ExplorationSlice/merging(_:)``) into the slice one process would have
/// given had the traps been failures: the same combined hash however the search is cut.
///
/// A value owned by one command or test, on the main actor.
@MainActor
package struct IsolatedExplorer<Incarnation: AnyObject> {
    /// The search's explorer: its options, and the reports it rebuilds here.
    package var explorer: Explorer<Incarnation>
    /// How to start a worker.
    package var launch: WorkerLaunch
    /// Worker processes started, for the report.
    package private(set) var processes = 0
    /// Why schedules ran again, one line each.
    package private(set) var reruns: [String] = []

    package init(explorer: Explorer<Incarnation>, launch: WorkerLaunch) {
        self.explorer = explorer
        self.launch = launch
    }

    /// The slice `range` of the search of `seed` from `state`, as ``Explorer`` would have run it
    /// had every trap been a failure. A part of a parallel round passes `learn`, the schedules
    /// whose crash-point sites its first worker learns first. `progress` is told the schedules
    /// done in this slice.
    /// - Throws: ``WorkerError`` when a worker fails as no trap does; every worker has ended then.
    package mutating func explore(
        seed: UInt64, range: Range<Int>, depth: Int, from state: ExplorationState, learn: Range<Int>? = nil,
        progress: ((Int) -> Void)? = nil
    ) async throws(WorkerError) -> ExplorationSlice {
        var start = state
        if start.policy == nil { start.policy = explorer.policy }
        var pieces: [ExplorationSlice] = []
        var next = range.lowerBound
        var current = start
        var trapAt: Int?
        var learning = learn
        while next < range.upperBound, !current.isFinished {
            let upper = trapAt ?? range.upperBound
            if next < upper {
                let offset = next - range.lowerBound
                switch try await runSlice(seed: seed, range: next..<upper, depth: depth, from: current, learn: learning, progress: { progress?(offset + $0) }) {
                case .finished(let slice):
                    pieces.append(slice)
                    current = slice.end
                    next = upper
                case .trapped(let index, let checkpoint):
                    learning = nil
                    if let checkpoint, checkpoint.range.upperBound <= index, checkpoint.range.lowerBound == next {
                        pieces.append(checkpoint)
                        current = checkpoint.end
                        next = checkpoint.range.upperBound
                    }
                    if index > next { reruns.append("schedules \(next)..<\(index) ran again: a trap in schedule \(index + 1) ended their worker") }
                    trapAt = index
                    continue
                }
                learning = nil
            }
            guard let index = trapAt, next == index, !current.isFinished else { continue }
            let runner = WorkerRunner(launch: launch, crashPoints: explorer.crashesAtDurableOperations)
            let one = await explorer.explore(seed: seed, range: index..<(index + 1), depth: depth, from: current, runner: runner)
            await runner.close()
            processes += runner.processes
            if let error = runner.error { throw error }
            progress?(index + 1 - range.lowerBound)
            pieces.append(one)
            current = one.end
            next = index + 1
            trapAt = nil
        }
        guard !pieces.isEmpty else {
            return ExplorationSlice(range: range, start: start, summary: ExplorationSummary(mode: explorer.modeName), end: start)
        }
        do {
            switch try ExplorationSlice.merging(pieces) {
            case .complete(var whole):
                whole.range = range
                whole.start = state
                return whole
            case .incomplete(_, _, let reason):
                throw WorkerError(description: "the pieces of schedules \(range) do not fold: \(reason)")
            }
        } catch let error as WorkerError {
            throw error
        } catch {
            throw WorkerError(description: "the pieces of schedules \(range) do not fold: \(error)")
        }
    }

    /// How a slice worker ended.
    private enum SliceEnd {
        case finished(ExplorationSlice)
        /// A trap ended it during schedule `index` (its run, crash points or shrinking), after
        /// the last `checkpoint` it sent, if any.
        case trapped(at: Int, checkpoint: ExplorationSlice?)
    }

    private mutating func runSlice(
        seed: UInt64, range: Range<Int>, depth: Int, from state: ExplorationState, learn: Range<Int>?,
        progress: (Int) -> Void
    ) async throws(WorkerError) -> SliceEnd {
        let worker = try WorkerConnection(launch.backtracing(false))
        processes += 1
        try worker.send(.slice(
            seed: seed, lower: range.lowerBound, upper: range.upperBound, depth: depth,
            crashPoints: explorer.crashesAtDurableOperations, shrinkBudget: explorer.shrinkBudget, state: state,
            learn: learn.map { [$0.lowerBound, $0.upperBound] }
        ))
        var begun: Int?
        var checkpoint: SliceTransfer?
        while let line = await worker.nextLine() {
            if line.hasPrefix(WorkerLine.checkpoint) {
                checkpoint = try? JSONDecoder().decode(SliceTransfer.self, from: Data(line.utf8.dropFirst(WorkerLine.checkpoint.utf8.count)))
            } else if line.hasPrefix(WorkerLine.begin) {
                begun = Int(line.dropFirst(WorkerLine.begin.count))
            } else if line.hasPrefix(WorkerLine.progress) {
                if let done = Int(line.dropFirst(WorkerLine.progress.count)) { progress(done) }
            } else if line.hasPrefix(WorkerLine.result) {
                let result: WorkerResult
                do {
                    result = try JSONDecoder().decode(WorkerResult.self, from: Data(line.utf8.dropFirst(WorkerLine.result.utf8.count)))
                } catch {
                    _ = await worker.end()
                    throw WorkerError(description: "the worker for schedules \(range) sent an unreadable slice: \(error)")
                }
                _ = await worker.end()
                guard case .slice(let transfer) = result else {
                    throw WorkerError(description: "the worker for schedules \(range) answered with a run")
                }
                return .finished(await explorer.slice(from: transfer))
            }
        }
        let end = await worker.end()
        if let signal = end.signal, begun == nil, learn != nil {
            // A trap while learning the crash-point sites of the schedules before the slice
            // (which run in their own slice too): learn nothing, then.
            reruns.append("schedules \(range) ran again without learning: signal \(signal) ended their worker while it learnt")
            return try await runSlice(seed: seed, range: range, depth: depth, from: state, learn: nil, progress: progress)
        }
        guard end.signal != nil, let begun else {
            let how = end.signal.map { "signal \($0)" } ?? "status \(end.status ?? -1)"
            throw WorkerError(
                description: "the worker for schedules \(range) ended by \(how) before it began a schedule"
                    + (end.standardError.isEmpty ? "" : ": \(end.standardError.prefix(2_000))")
            )
        }
        if let checkpoint {
            return .trapped(at: begun, checkpoint: await explorer.slice(from: checkpoint))
        }
        return .trapped(at: begun, checkpoint: nil)
    }
}

extension Explorer {
    /// The name of the random search's mode in summaries.
    package var modeName: String {
        crashesAtDurableOperations ? "random + crash points" : "random"
    }
}
