import CampusLibrary
import LifecycleSimulator
import SimulatorExample

/// The command line of `lifecycle-check`, parsed. A value.
struct CheckOptions {
    /// A usage error, with the argument at fault.
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    /// Which app to explore: Campus Library (the reference app) or the simulator's example.
    enum App: String {
        case campus
        case example
    }

    var app = App.campus
    var seed: UInt64 = 1
    var schedules = 1_000
    var depth = 50
    /// `mixed` (the default: random schedules, each passing one crashed at its durable
    /// operations), `random`, `crash` or `exhaustive`.
    var mode = "mixed"
    /// Bugs planted in the example (`--app example`).
    var exampleBugs: Set<PlantedBug> = []
    /// Bugs planted in Campus Library.
    var campusBugs: Set<CampusBug> = []
    var replayPath: String?
    var reproOut: String?
    var showHelp = false
    /// How timelines are laid out: 120 columns, or every cell in full with `--wide`.
    var timelineLayout = Timeline.Layout.standard
    var simulation = SimulationOptions()

    init(arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        var appWasChosen = false
        var bugNames: [String] = []
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
                mode = try value(argument)
                guard ["mixed", "random", "crash", "exhaustive"].contains(mode) else {
                    throw UsageError(description: "unknown mode '\(mode)' (mixed, random, crash or exhaustive)")
                }
            case "--app":
                let name = try value(argument)
                guard let chosen = App(rawValue: name) else { throw UsageError(description: "unknown app '\(name)' (campus or example)") }
                app = chosen
                appWasChosen = true
            case "--bug": bugNames.append(try value(argument))
            case "--replay": replayPath = try value(argument)
            case "--repro-out": reproOut = try value(argument)
            case "--no-final-check": simulation.performsFinalCheck = false
            case "--no-trace": simulation.keepsTrace = false
            case "--no-latency": simulation.latency = .fixed(.none)
            case "--wide": timelineLayout = .wide
            case "--help", "-h": showHelp = true
            default: throw UsageError(description: "unknown argument '\(argument)'")
            }
        }
        // A bug belongs to the app chosen (Campus Library by default); a name only the example
        // knows implies `--app example` when no app was chosen.
        if !appWasChosen, !bugNames.isEmpty, bugNames.contains(where: { CampusBug(rawValue: $0) == nil }),
           bugNames.allSatisfy({ PlantedBug(rawValue: $0) != nil }) {
            app = .example
        }
        for name in bugNames {
            switch app {
            case .campus:
                guard let bug = CampusBug(rawValue: name) else {
                    throw UsageError(description: "unknown bug '\(name)' for --app campus (\(Self.names(CampusBug.allCases)))")
                }
                campusBugs.insert(bug)
            case .example:
                guard let bug = PlantedBug(rawValue: name) else {
                    throw UsageError(description: "unknown bug '\(name)' for --app example (\(Self.names(PlantedBug.allCases)))")
                }
                exampleBugs.insert(bug)
            }
        }
    }

    /// The names of `bugs`, comma-separated, for usage messages.
    static func names<Bug: RawRepresentable<String>>(_ bugs: [Bug]) -> String {
        bugs.map(\.rawValue).joined(separator: ", ")
    }

    /// Reads the app and its planted bugs from a repro's app name (`LibraryExample[bugA,bugB]`,
    /// `CampusLibrary[bugC]`), unless bugs were given on the command line.
    mutating func adopt(reproApp name: String) {
        guard exampleBugs.isEmpty, campusBugs.isEmpty else { return }
        let names = name.drop { $0 != "[" }.dropFirst().prefix { $0 != "]" }.split(separator: ",").map(String.init)
        if name.hasPrefix("LibraryExample") {
            app = .example
            exampleBugs = Set(names.compactMap(PlantedBug.init(rawValue:)))
        } else if name.hasPrefix("CampusLibrary") {
            app = .campus
            campusBugs = Set(names.compactMap(CampusBug.init(rawValue:)))
        }
    }
}
