// lifecycle-check: explores an app built on Lifeline with the deterministic lifecycle simulator.
//
//   swift run lifecycle-check [--app campus|example] [--seed S] [--schedules N] [--depth D]
//                             [--mode mixed|random|crash|exhaustive] [--bug NAME]... [--replay FILE]
//                             [--repro-out FILE] [--no-final-check] [--no-trace] [--no-latency] [--wide]
//
// Explores Campus Library, the reference app (the default), or the simulator's example library app
// (`--app example`); `--bug` plants one of the chosen app's bugs (a name only the example knows
// implies `--app example`). Prints a progress bar on standard error, then a summary that is the same for the same
// arguments on every run, then timings. A failure's timeline fits 120 columns; `--wide` shows it as
// a table with one column per lane and every cell in full. Exits 1 on a violation, 2 on a usage error.
import Foundation
import CampusLibrary
import CampusSimulation
import LifecycleSimulator
import SimulatorExample

let usage = """
    usage: lifecycle-check [--app campus|example] [--seed S] [--schedules N] [--depth D]
                           [--mode mixed|random|crash|exhaustive] [--bug NAME]... [--replay FILE]
                           [--repro-out FILE] [--no-final-check] [--no-trace] [--no-latency] [--wide]
    apps: campus (Campus Library, the default), example (the simulator's example app)
    modes: mixed (the default: random schedules, each passing one also crashed by a kill and a
           power loss at its durable operations), random (random schedules only), crash (one
           schedule crashed at every storage write), exhaustive (every short schedule)
    --no-latency: every disk operation and remote call instant (by default each schedule draws
                  its latency model from its seed)
    --wide: a failure's timeline as a table with every cell in full (by default it fits 120 columns)
    bugs of campus: \(CheckOptions.names(CampusBug.allCases))
    bugs of the example: \(CheckOptions.names(PlantedBug.allCases))
    """

var options: CheckOptions
do {
    options = try CheckOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("lifecycle-check: \(error)\n\(usage)\n".utf8))
    exit(2)
}
if options.showHelp {
    print(usage)
    exit(0)
}

if let path = options.replayPath, let data = try? Data(contentsOf: URL(fileURLWithPath: path)),
   let repro = try? Repro.load(from: data) {
    options.adopt(reproApp: repro.app)
}
let status: Int32 = switch options.app {
case .campus:
    await check(Simulator(app: CampusIncarnation.app(bugs: options.campusBugs), options: options.simulation), options: options)
case .example:
    await check(Simulator(app: LibraryExample.app(bugs: options.exampleBugs), options: options.simulation), options: options)
}
exit(status)

/// Replays or explores with `simulator` as `options` say, prints the report, and returns the exit
/// status: 0 when every schedule passed, 1 on a violation, 2 on an unreadable repro file or one
/// with an event that cannot happen where it stands.
@MainActor
func check<Incarnation: AnyObject>(_ simulator: Simulator<Incarnation>, options: CheckOptions) async -> Int32 {
    let explorer = Explorer(simulator: simulator)
    let started = ContinuousClock.now
    let cpuStarted = processCPUSeconds()
    var progress = ProgressBar(total: options.schedules)

    if let path = options.replayPath {
        let repro: Repro
        do {
            repro = try Repro.load(from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            FileHandle.standardError.write(Data("lifecycle-check: cannot read repro \(path): \(error)\n".utf8))
            return 2
        }
        let outcome: ScheduleOutcome
        do {
            outcome = try await simulator.replay(repro)
        } catch {
            FileHandle.standardError.write(Data("lifecycle-check: cannot replay \(path): \(error)\n".utf8))
            return 2
        }
        print("replay of \(path): \(repro.events.count) events, seed \(repro.seed), app \(repro.app)")
        print("expected: \(repro.violation)")
        print("got:      \(outcome.violation?.description ?? "no violation")")
        print("trace hash \(outcome.traceHash)")
        print("")
        print(Timeline(records: outcome.trace, layout: options.timelineLayout).render())
        return outcome.violation == nil ? 0 : 1
    }

    print("lifecycle-check: \(simulator.app.name), mode \(options.mode), seed \(options.seed), schedules \(options.schedules), depth \(options.depth)")
    let summary: ExplorationSummary
    switch options.mode {
    case "crash":
        let base = await simulator.run(seed: options.seed, depth: options.depth)
        summary = await explorer.crashEverywhere(base.events, seed: options.seed, limit: options.schedules)
    case "exhaustive":
        summary = await explorer.exhaustive(depth: options.depth, limit: options.schedules)
    default:
        var explorer = explorer
        explorer.crashesAtDurableOperations = options.mode == "mixed"
        summary = await explorer.explore(seed: options.seed, schedules: options.schedules, depth: options.depth) { done in
            progress.update(done)
        }
    }
    progress.finish()
    let elapsed = started.duration(to: ContinuousClock.now)

    print("")
    print(summary.table)
    if let failure = summary.failure {
        print("")
        print(failure.text(timeline: options.timelineLayout))
        print("")
        print("Repro file:")
        if let json = try? failure.repro.encoded() {
            print(String(decoding: json, as: UTF8.self))
            if let path = options.reproOut {
                _ = FileManager.default.createFile(atPath: path, contents: json)
                print("(written to \(path))")
            }
        }
    }

    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print("")
    print("timings (vary between runs):")
    print("  wall time            \(String(format: "%.2f", seconds)) s")
    let cpuSeconds = processCPUSeconds() - cpuStarted
    print("  schedules per second \(String(format: "%.0f", Double(summary.schedules) / max(seconds, 1e-9)))")
    print("  per CPU second       \(String(format: "%.0f", Double(summary.schedules) / max(cpuSeconds, 1e-9)))")
    print("  simulated/real time  \(String(format: "%.0f", Double(summary.simulatedMilliseconds) / 1_000 / max(seconds, 1e-9)))x")
    return summary.passed ? 0 : 1
}

/// CPU time of the whole process, in seconds.
func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
