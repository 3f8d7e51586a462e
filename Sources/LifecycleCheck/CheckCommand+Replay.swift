import Foundation
import LifecycleSimulator

extension CheckCommand {
    /// Replays the repro file at `path` (with the app and switches its app name gives, unless
    /// `--bug` chose them) and prints what it found with the timeline.
    func replay(_ path: String) async -> Int32 {
        let repro: Repro
        do {
            repro = try Repro.load(from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            console.error("lifecycle-check: cannot read repro \(path): \(error)\n")
            return 2
        }
        var options = options
        options.adopt(reproApp: repro.app, apps: apps)
        let outcome: ScheduleOutcome
        do {
            outcome = try await options.session().replay(repro)
        } catch {
            console.error("lifecycle-check: cannot replay \(path): \(error)\n")
            return 2
        }
        console.line("replay of \(path): \(repro.events.count) events, seed \(repro.seed), app \(repro.app)")
        console.line("expected: \(repro.violation)")
        console.line("got:      \(outcome.violation?.description ?? "no violation")")
        console.line("trace hash \(outcome.traceHash)")
        console.line("")
        console.line(Timeline(records: outcome.trace, layout: options.timelineLayout).render())
        return outcome.violation == nil ? 0 : 1
    }
}
