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
    var mode = "random"
    var bugs: Set<PlantedBug> = []
    var replayPath: String?
    var reproOut: String?
    var showHelp = false
    var simulation = SimulationOptions()

    init(arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        var appWasChosen = false
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
                guard ["random", "crash", "exhaustive"].contains(mode) else { throw UsageError(description: "unknown mode '\(mode)'") }
            case "--app":
                let name = try value(argument)
                guard let chosen = App(rawValue: name) else { throw UsageError(description: "unknown app '\(name)' (campus or example)") }
                app = chosen
                appWasChosen = true
            case "--bug":
                let name = try value(argument)
                guard let bug = PlantedBug(rawValue: name) else { throw UsageError(description: "unknown bug '\(name)'") }
                bugs.insert(bug)
            case "--replay": replayPath = try value(argument)
            case "--repro-out": reproOut = try value(argument)
            case "--no-final-check": simulation.performsFinalCheck = false
            case "--no-trace": simulation.keepsTrace = false
            case "--help", "-h": showHelp = true
            default: throw UsageError(description: "unknown argument '\(argument)'")
            }
        }
        if !bugs.isEmpty {
            // Bugs are planted in the example app, which `--bug` therefore implies.
            guard !appWasChosen || app == .example else {
                throw UsageError(description: "--bug plants bugs in the example app, not in --app campus")
            }
            app = .example
        }
    }
}
