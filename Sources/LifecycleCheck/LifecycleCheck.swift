import Foundation
import LifecycleSimulator

/// The `lifecycle-check` command for any app: explores it on the lifecycle simulator, with a
/// progress bar (on a terminal), a summary that is the same for the same arguments on every
/// run, the first failure shrunk with its timeline and repro file, and exit status 1 on a
/// violation; replays repro files; runs the random search on several processes (`--jobs`) or
/// one shard of a CI matrix (`--shard I/N`), and merges the shards' JSON summaries
/// (`merge FILE...`); writes JSON (`--json`) and JUnit XML (`--report`).
///
/// An app package gets the command from a small executable target that depends on this
/// library and on the library target exposing its `SimulatedApp`:
///
/// ```swift
/// // Sources/notes-check/main.swift
/// import LifecycleCheck
/// import NotesSimulation
///
/// await LifecycleCheck.main(apps: [CheckableApp("notes", app: NotesApp.simulated)])
/// ```
///
/// `swift run notes-check --schedules 10000` then explores it. Stateless; ``main(apps:)`` runs
/// on the main actor, where the simulator lives, and exits the process.
public enum LifecycleCheck {
    /// Runs the command with the process's arguments over `apps` (the first is the default of
    /// `--app`) and exits with its status: 0 when every schedule passed, 1 on a violation, 2 on
    /// a usage error or bad input.
    @MainActor
    public static func main(apps: [CheckableApp]) async -> Never {
        let status = await run(
            arguments: Array(CommandLine.arguments.dropFirst()), apps: apps, console: .standard, executable: currentExecutable()
        )
        exit(status)
    }

    /// Runs the command with `arguments` and returns its exit status. `executable` is the
    /// command's own file, started as its worker processes (`nil`: everything in this process).
    @MainActor
    static func run(arguments: [String], apps: [CheckableApp], console: Console, executable: URL?) async -> Int32 {
        guard !apps.isEmpty else {
            console.error("lifecycle-check: no app to check\n")
            return 2
        }
        if arguments.first == "merge" {
            let options: MergeCommand.Options
            do {
                options = try MergeCommand.Options(arguments: Array(arguments.dropFirst()))
            } catch {
                console.error("lifecycle-check merge: \(error)\n\(usage(apps))\n")
                return 2
            }
            return await MergeCommand(options: options, apps: apps, console: console, executable: executable).run()
        }
        let options: CheckOptions
        do {
            options = try CheckOptions(arguments: arguments, apps: apps)
        } catch {
            console.error("lifecycle-check: \(error)\n\(usage(apps))\n")
            return 2
        }
        if options.showHelp {
            console.line(usage(apps))
            return 0
        }
        return await CheckCommand(options: options, apps: apps, console: console, executable: executable).run()
    }

    /// The file of the running executable.
    static func currentExecutable() -> URL? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        #endif
        return Bundle.main.executableURL
    }

    /// The usage text, listing `apps` and their switches.
    static func usage(_ apps: [CheckableApp]) -> String {
        var lines = [
            "usage: lifecycle-check [--app \(apps.map(\.name).joined(separator: "|"))] [--seed S] [--schedules N] [--depth D]",
            "                       [--mode mixed|random|crash|exhaustive] [--bug NAME]... [--replay FILE]",
            "                       [--repro-out FILE] [--no-final-check] [--no-trace] [--no-latency] [--device-locks] [--wide]",
            "                       [--jobs N] [--in-process] [--max-failures N] [--without KIND,...]",
            "                       [--shard I/N] [--json FILE] [--report FILE]",
            "       lifecycle-check merge FILE... [--json FILE] [--report FILE] [--repro-out FILE] [--jobs N] [--wide]",
            "apps: " + apps.enumerated().map { index, app in
                app.name + (app.summary.isEmpty ? "" : " (\(app.summary))") + (index == 0 ? ", the default" : "")
            }.joined(separator: "; "),
            "modes: mixed (the default: random schedules, each passing one also crashed by a kill and a",
            "       power loss at its durable operations), random (random schedules only), crash (one",
            "       schedule crashed at every storage write), exhaustive (every short schedule)",
            "--no-latency: every disk operation and remote call instant (by default each schedule draws",
            "              its latency model from its seed)",
            "--device-locks: the device locks, unlocks, restarts and prewarms the app (on for an app that",
            "                declares locksDevice; by default a device that never locks)",
            "--wide: a failure's timeline as a table with every cell in full (by default it fits 120 columns)",
            "--jobs N: the random search on N worker processes at once (by default one per core); the same",
            "          summary. Schedules always run in workers, so a trap in the app is a finding (app crash)",
            "--in-process: every schedule in this process (a trap in the app then ends the command)",
            "--max-failures N: stop after N distinct bugs (by default every bug in the budget is reported)",
            "--without KIND,...: leave event kinds out of the search (power-loss, disk-full, service-outage…)",
            "--shard I/N: only the I-th of N slices of the schedules, for a CI matrix; with --json FILE on",
            "             every shard, `lifecycle-check merge FILE...` prints the whole search's summary",
            "--json FILE: a machine-readable summary; --report FILE: JUnit XML, one test case per violation",
            "             kind (the repro file is written beside it unless --repro-out says where)",
        ]
        for app in apps where !app.switches.isEmpty {
            lines.append("bugs of \(app.name): \(CheckOptions.list(app.switches))")
        }
        return lines.joined(separator: "\n")
    }
}
