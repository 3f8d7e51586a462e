import Foundation

/// A ``ScheduleRunner`` whose runs happen in a worker process: one process answers runs until a
/// trap ends it, and the next run starts a fresh one. The worker says each event before it
/// applies it, so a trap comes back with the events up to the one that trapped, the trap's
/// message and the app's frame from its standard error (``AppTrap``).
///
/// A class owned by one search, on the main actor; ``close()`` ends its worker.
@MainActor
package final class WorkerRunner: ScheduleRunner {
    private let launch: WorkerLaunch
    private let crashPoints: Bool
    private var connection: WorkerConnection?
    private var ownError: WorkerError?
    private var ownProcesses = 0
    /// The runner of shrinking candidates: the same workers without the backtracer.
    private lazy var fast = WorkerRunner(launch: launch.backtracing(false), crashPoints: crashPoints, fast: true)

    /// The first failure of a worker (this runner's or its shrinking runner's) that was no trap;
    /// the search stops and reports it.
    package var error: WorkerError? { ownError ?? (isFast ? nil : fast.error) }
    /// Worker processes started, by this runner and its shrinking runner.
    package var processes: Int { ownProcesses + (isFast ? 0 : fast.processes) }
    private let isFast: Bool

    /// A runner whose workers `launch` starts, recording durable operations when `crashPoints`.
    package convenience init(launch: WorkerLaunch, crashPoints: Bool) {
        self.init(launch: launch, crashPoints: crashPoints, fast: false)
    }

    private init(launch: WorkerLaunch, crashPoints: Bool, fast: Bool) {
        self.launch = launch
        self.crashPoints = crashPoints
        self.isFast = fast
    }

    package var shrinking: any ScheduleRunner { isFast ? self : fast }

    package func run(seed: UInt64, depth: Int) async -> ScheduleOutcome {
        await answer(.run(seed: seed, depth: depth, crashPoints: crashPoints), seed: seed)
    }

    package func replay(_ events: [SimulationEvent], seed: UInt64) async -> ScheduleOutcome {
        await answer(.replay(events: events, seed: seed, crashPoints: crashPoints), seed: seed)
    }

    /// Ends the worker, if one runs.
    package func close() async {
        if let connection { _ = await connection.end() }
        connection = nil
        if !isFast { await fast.close() }
    }

    private func answer(_ request: WorkerRequest, seed: UInt64) async -> ScheduleOutcome {
        guard ownError == nil else { return Self.unanswered(seed: seed) }
        do {
            return try await exchange(request, seed: seed)
        } catch {
            ownError = error
            return Self.unanswered(seed: seed)
        }
    }

    private func exchange(_ request: WorkerRequest, seed: UInt64) async throws(WorkerError) -> ScheduleOutcome {
        let worker: WorkerConnection
        if let connection {
            worker = connection
        } else {
            worker = try WorkerConnection(launch)
            ownProcesses += 1
            connection = worker
        }
        try worker.send(request)
        var events: [SimulationEvent] = []
        var finalCheck = false
        let decoder = JSONDecoder()
        while let line = await worker.nextLine() {
            if line.hasPrefix(WorkerLine.event) {
                guard let event = try? decoder.decode(SimulationEvent.self, from: Data(line.utf8.dropFirst(WorkerLine.event.utf8.count))) else {
                    throw WorkerError(description: "the worker sent an unreadable event: \(line)")
                }
                events.append(event)
            } else if line == WorkerLine.final {
                finalCheck = true
            } else if line.hasPrefix(WorkerLine.result) {
                let result: WorkerResult
                do {
                    result = try decoder.decode(WorkerResult.self, from: Data(line.utf8.dropFirst(WorkerLine.result.utf8.count)))
                } catch {
                    throw WorkerError(description: "the worker sent an unreadable result: \(error)")
                }
                guard case .outcome(let outcome) = result else { throw WorkerError(description: "the worker answered a run with a slice") }
                return outcome.outcome
            }
        }
        connection = nil
        let end = await worker.end()
        guard let signal = end.signal else {
            throw WorkerError(description: "a worker ended with status \(end.status ?? -1) before it answered: \(end.standardError.suffix(2_000))")
        }
        let trap = AppTrap(standardError: end.standardError, signal: signal, step: finalCheck ? events.count : max(0, events.count - 1))
        return .trapped(seed: seed, events: events, trap: trap)
    }

    /// The outcome returned once a worker failed: a violation that names no bug, which the
    /// search's caller replaces by the ``error``.
    private static func unanswered(seed: UInt64) -> ScheduleOutcome {
        ScheduleOutcome(
            seed: seed, variant: nil, events: [], skipped: 0,
            violation: Violation(kind: Violation.Kind(rawValue: "worker failed"), message: "", step: 0), traceHash: FNV1a64(),
            trace: [], writesPerStep: [], yields: 0, simulatedMilliseconds: 0, incarnations: 0
        )
    }
}
