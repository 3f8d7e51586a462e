import LifecycleSimulator

/// An app the `lifecycle-check` command can explore: the name `--app` chooses it by, a line for
/// the usage text, its switches (the planted bugs, or any other named variant, that `--bug NAME`
/// turns on) and how to build its `SimulatedApp` with a set of them on.
///
/// ```swift
/// // Sources/notes-check/main.swift, an executable target depending on LifecycleCheck
/// import LifecycleCheck
/// import NotesSimulation
///
/// await LifecycleCheck.main(apps: [
///     CheckableApp("notes", summary: "the notes app", bugs: NotesBug.self) { NotesApp.simulated(bugs: $0) },
/// ])
/// ```
///
/// Switches are data: an app whose bugs are a `CaseIterable` enum gets a `--bug` name per case,
/// so a case added to the enum needs no change to the command. A `Sendable` value owned by the
/// command's caller; the closure that builds the app runs on the main actor.
public struct CheckableApp: Sendable {
    /// The name `--app NAME` chooses the app by, and that summary files and reports carry.
    public var name: String
    /// One line for the usage text: what the app is.
    public var summary: String
    /// The names `--bug NAME` accepts for this app, in the order the usage text lists them.
    public var switches: [String]
    /// Builds the app with the switches of the set on, with the simulation options of the run.
    let makeSession: @MainActor @Sendable (Set<String>, SimulationOptions) -> any CheckSession

    /// An app with named switches: `app` builds it with the switches of its argument on (each
    /// name one of `switches`).
    public init<Incarnation: AnyObject>(
        _ name: String, summary: String = "", switches: [String],
        app: @escaping @MainActor @Sendable (Set<String>) -> SimulatedApp<Incarnation>
    ) {
        self.name = name
        self.summary = summary
        self.switches = switches
        self.makeSession = { names, options in
            SimulatorSession(simulator: Simulator(app: app(names), options: options))
        }
    }

    /// An app whose switches are the cases of `bugs`, named by their raw values.
    public init<Incarnation: AnyObject, Bug: CaseIterable & RawRepresentable<String> & Hashable & Sendable>(
        _ name: String, summary: String = "", bugs: Bug.Type,
        app: @escaping @MainActor @Sendable (Set<Bug>) -> SimulatedApp<Incarnation>
    ) {
        self.init(name, summary: summary, switches: Bug.allCases.map(\.rawValue)) { names in
            app(Set(names.compactMap(Bug.init(rawValue:))))
        }
    }

    /// An app without switches.
    public init<Incarnation: AnyObject>(_ name: String, summary: String = "", app: SimulatedApp<Incarnation>) {
        self.init(name, summary: summary, switches: []) { _ in app }
    }
}
