import Foundation
import LifecycleSimulator

/// The command line of an exploration or a replay, parsed against the apps the command knows. A
/// value.
struct CheckOptions {
    /// A usage error, with the argument at fault.
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    /// The searches `--mode` chooses.
    enum Mode: String, CaseIterable {
        /// Random schedules, each passing one crashed at its durable operations (the default).
        case mixed
        /// Random schedules only.
        case random
        /// One schedule crashed at every storage write.
        case crash
        /// Every short schedule.
        case exhaustive

        /// Whether the search is the random one, which cuts into slices for workers and shards.
        var isRandom: Bool { self == .mixed || self == .random }
    }

    /// The app chosen (`--app`; the first app by default).
    var app: CheckableApp
    /// Its switches turned on (`--bug`).
    var switches: Set<String> = []
    var seed: UInt64 = 1
    var schedules = 1_000
    var depth = 50
    var mode = Mode.mixed
    var replayPath: String?
    var reproOut: String?
    var showHelp = false
    /// How timelines are laid out: 120 columns, or every cell in full with `--wide`.
    var timelineLayout = Timeline.Layout.standard
    var simulation = SimulationOptions()
    /// Worker processes for a random search (`--jobs`; by default one per core).
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// The slice of the schedules to run (`--shard I/N`).
    var shard: Shard?
    /// Where to write the JSON summary (`--json FILE`, `-` for standard output).
    var jsonPath: String?
    /// Where to write the JUnit report (`--report FILE`).
    var reportPath: String?
    /// Set in a worker process (the internal `--worker`): it serves its parent's requests on
    /// standard input (``Explorer``'s `serveWorker`).
    var isWorker = false
    /// Runs every schedule in this process (`--in-process`): faster to start, but a trap in
    /// the app ends the command.
    var inProcess = false
    /// The search stops after this many distinct bugs (`--max-failures`; `nil`: every bug in the
    /// budget).
    var maxFailures: Int?

    init(arguments: [String], apps: [CheckableApp]) throws(UsageError) {
        guard let first = apps.first else { throw UsageError(description: "no app to check") }
        app = first
        var rest = arguments[...]
        var chosenApp: CheckableApp?
        var switchNames: [String] = []
        func value(_ flag: String) throws(UsageError) -> String {
            guard let next = rest.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            return next
        }
        func number<T: FixedWidthInteger>(_ flag: String) throws(UsageError) -> T {
            let text = try value(flag)
            guard let parsed = T(text), parsed >= 0 else { throw UsageError(description: "\(flag) needs a non-negative number, got '\(text)'") }
            return parsed
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--seed": seed = try number(argument)
            case "--schedules": schedules = try number(argument)
            case "--depth": depth = try number(argument)
            case "--mode":
                let name = try value(argument)
                guard let chosen = Mode(rawValue: name) else {
                    throw UsageError(description: "unknown mode '\(name)' (mixed, random, crash or exhaustive)")
                }
                mode = chosen
            case "--app":
                let name = try value(argument)
                guard let chosen = apps.first(where: { $0.name == name }) else {
                    throw UsageError(description: "unknown app '\(name)' (\(Self.list(apps.map(\.name))))")
                }
                chosenApp = chosen
            case "--bug": switchNames.append(try value(argument))
            case "--replay": replayPath = try value(argument)
            case "--repro-out": reproOut = try value(argument)
            case "--no-final-check": simulation.performsFinalCheck = false
            case "--no-trace": simulation.keepsTrace = false
            case "--no-latency": simulation.latency = .fixed(.none)
            case "--device-locks": simulation.deviceLocks = true
            case "--wide": timelineLayout = .wide
            case "--jobs":
                jobs = try number(argument)
                guard jobs >= 1 else { throw UsageError(description: "--jobs needs at least 1") }
            case "--shard":
                let text = try value(argument)
                guard let parsed = Shard(text) else { throw UsageError(description: "--shard needs INDEX/COUNT with 1 ≤ INDEX ≤ COUNT, got '\(text)'") }
                shard = parsed
            case "--json": jsonPath = try value(argument)
            case "--report": reportPath = try value(argument)
            case "--worker": isWorker = true
            case "--in-process": inProcess = true
            case "--max-failures":
                let count: Int = try number(argument)
                guard count >= 1 else { throw UsageError(description: "--max-failures needs at least 1") }
                maxFailures = count
            case "--without": simulation.eventKindsLeftOut.formUnion(try Self.eventKinds(try value(argument)))
            case "--help", "-h": showHelp = true
            default: throw UsageError(description: "unknown argument '\(argument)'")
            }
        }
        // A switch belongs to the app chosen (the first app by default); names only another app
        // knows choose that app when none was chosen.
        if let chosenApp {
            app = chosenApp
        } else if !switchNames.isEmpty, !switchNames.allSatisfy(app.switches.contains),
                  let knowing = apps.first(where: { candidate in switchNames.allSatisfy(candidate.switches.contains) }) {
            app = knowing
        }
        for name in switchNames {
            guard app.switches.contains(name) else {
                let known = app.switches.isEmpty ? "it has none" : Self.list(app.switches)
                throw UsageError(description: "unknown bug '\(name)' for --app \(app.name) (\(known))")
            }
            switches.insert(name)
        }
        if shard != nil, !mode.isRandom {
            throw UsageError(description: "--shard cuts the random search (--mode mixed or random), not --mode \(mode.rawValue)")
        }
        if shard != nil, replayPath != nil {
            throw UsageError(description: "--shard cuts a search; a replay runs one schedule")
        }
    }

    /// The event kinds of `--without`'s comma-separated list: the kinds' names in kebab case
    /// (`power-loss`, `disk-full`, `service-outage`) or as ``EventKind`` spells them.
    static func eventKinds(_ text: String) throws(UsageError) -> Set<EventKind> {
        var kinds: Set<EventKind> = []
        for name in text.split(separator: ",").map(String.init) {
            guard let kind = EventKind.allCases.first(where: { $0.rawValue == name || kebab($0.rawValue) == name }) else {
                let known = EventKind.allCases.filter { !EventKind.essential.contains($0) }.map { kebab($0.rawValue) }
                throw UsageError(description: "--without: unknown event kind '\(name)' (\(list(known)))")
            }
            guard !EventKind.essential.contains(kind) else {
                throw UsageError(description: "--without: \(kebab(kind.rawValue)) cannot be left out (without it nothing happens)")
            }
            kinds.insert(kind)
        }
        return kinds
    }

    /// `powerLoss` as `power-loss`.
    static func kebab(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase { result += "-" + character.lowercased() } else { result.append(character) }
        }
        return result
    }

    /// `names`, comma-separated, for usage messages.
    static func list(_ names: [String]) -> String {
        names.joined(separator: ", ")
    }

    /// Adopts the app and the switches a repro's app name gives (`LibraryExample[bugA,bugB]`),
    /// unless switches were given on the command line: among `apps`, the one whose app, built
    /// with no switch on, has the name before the brackets.
    @MainActor
    mutating func adopt(reproApp name: String, apps: [CheckableApp]) {
        guard switches.isEmpty else { return }
        let base = String(name.prefix { $0 != "[" })
        let names = name.drop { $0 != "[" }.dropFirst().prefix { $0 != "]" }.split(separator: ",").map(String.init)
        guard let match = apps.first(where: { $0.makeSession([], simulation).appName == base }) else { return }
        app = match
        switches = Set(names.filter(match.switches.contains))
    }

    /// The simulator's session for the app and switches chosen.
    @MainActor
    func session() -> any CheckSession {
        app.makeSession(switches, simulation)
    }

    /// The summary file's description of these options (what a merge compares, and the
    /// arguments that give a worker process the same options).
    var configuration: SummaryFile.Configuration {
        SummaryFile.Configuration(
            app: app.name, switches: switches.sorted(), mode: mode.rawValue, seed: seed, schedules: schedules, depth: depth,
            finalCheck: simulation.performsFinalCheck, trace: simulation.keepsTrace, latency: simulation.latency == .drawnFromSeed,
            maxFailures: maxFailures, deviceLocks: simulation.deviceLocks ? true : nil,
            without: simulation.eventKindsLeftOut.isEmpty ? nil : simulation.eventKindsLeftOut.map { Self.kebab($0.rawValue) }.sorted()
        )
    }
}
