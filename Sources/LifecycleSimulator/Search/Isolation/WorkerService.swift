import Foundation

extension Explorer {
    /// Serves a parent's ``WorkerRequest``s, one JSON line each on standard input, until its
    /// input ends: the worker process of `lifecycle-check` and of
    /// `expectNoLifecycleViolations`. It writes the lines of ``WorkerLine`` on standard output,
    /// each at once (a trap may end the process after any of them). Returns the exit status: 0,
    /// or 2 for a request it cannot read.
    package func serveWorker() async -> Int32 {
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        func say(_ line: String) {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
        while let line = readLine(strippingNewline: true) {
            guard !line.isEmpty else { continue }
            let request: WorkerRequest
            do {
                request = try decoder.decode(WorkerRequest.self, from: Data(line.utf8))
            } catch {
                FileHandle.standardError.write(Data("lifecycle worker: unreadable request: \(error)\n".utf8))
                return 2
            }
            let result: WorkerResult
            switch request {
            case let .slice(seed, lower, upper, depth, crashPoints, shrinkBudget, state, learn):
                var explorer = self
                explorer.crashesAtDurableOperations = crashPoints
                explorer.shrinkBudget = shrinkBudget
                var start = state
                if let learn, learn.count == 2, learn[0] <= learn[1], crashPoints {
                    start.crashPoints.formUnion(await explorer.crashPointSites(seed: seed, range: learn[0]..<learn[1], depth: depth))
                }
                let step = max(1, (upper - lower) / 100)
                var said = 0
                let slice = await explorer.explore(
                    seed: seed, range: lower..<upper, depth: depth, from: start,
                    willStart: { say(WorkerLine.begin + "\($0)") },
                    checkpoint: { slice in
                        guard let json = try? encoder.encode(SliceTransfer(slice)) else { return }
                        say(WorkerLine.checkpoint + String(decoding: json, as: UTF8.self))
                    },
                    progress: { done in
                        guard done - said >= step || done == upper - lower else { return }
                        said = done
                        say(WorkerLine.progress + "\(done)")
                    }
                )
                result = .slice(SliceTransfer(slice))
            case let .run(seed, depth, crashPoints):
                result = .outcome(OutcomeTransfer(await saying(crashPoints: crashPoints, say).run(seed: seed, depth: depth)))
            case let .replay(events, seed, crashPoints):
                result = .outcome(OutcomeTransfer(await saying(crashPoints: crashPoints, say).replay(events, seed: seed)))
            }
            do {
                say(WorkerLine.result + String(decoding: try encoder.encode(result), as: UTF8.self))
            } catch {
                FileHandle.standardError.write(Data("lifecycle worker: cannot encode a result: \(error)\n".utf8))
                return 2
            }
        }
        return 0
    }

    /// The searching simulator, recording durable operations when `crashPoints`, saying each
    /// event before it applies it.
    private func saying(crashPoints: Bool, _ say: @escaping (String) -> Void) -> InProcessRunner<Incarnation> {
        var simulator = searchingSimulator
        simulator.options.recordsDurableOperations = crashPoints
        let encoder = JSONEncoder()
        simulator.willApply = { event in
            guard let event else { return say(WorkerLine.final) }
            let json = (try? encoder.encode(event)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
            say(WorkerLine.event + json)
        }
        return InProcessRunner(simulator: simulator)
    }
}
