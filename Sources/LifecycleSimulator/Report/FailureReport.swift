/// What a person needs to fix a failure: the seed, the violation, the shrunk schedule as a Swift
/// snippet that replays it, a repro file, and a timeline with one lane per scene and per store.
/// A `Sendable` value made by ``Explorer``.
public struct FailureReport: Sendable {
    /// The app's name.
    public var appName: String
    /// The seed of the failing run.
    public var seed: UInt64
    /// The violation of the shrunk schedule.
    public var violation: Violation
    /// The shrunk schedule.
    public var events: [SimulationEvent]
    /// Events of the schedule before shrinking.
    public var originalEventCount: Int
    /// The shrunk run (its trace feeds the timeline).
    public var outcome: ScheduleOutcome

    /// Creates the report of `shrunk`, found as `original`.
    public init(appName: String, original: ScheduleOutcome, shrunk: ScheduleOutcome) {
        self.appName = appName
        self.seed = shrunk.seed
        self.violation = shrunk.violation ?? original.violation ?? Violation(kind: .init(rawValue: "none"), message: "", step: 0)
        self.events = shrunk.events
        self.originalEventCount = original.events.count
        self.outcome = shrunk
    }

    /// The report of `shrunk`, found as a schedule of `originalEventCount` events that broke
    /// `violation`: a report rebuilt from a summary file, by replaying its repro.
    package init(appName: String, originalEventCount: Int, violation: Violation, shrunk: ScheduleOutcome) {
        self.appName = appName
        self.seed = shrunk.seed
        self.violation = shrunk.violation ?? violation
        self.events = shrunk.events
        self.originalEventCount = originalEventCount
        self.outcome = shrunk
    }

    /// The repro file's contents.
    public var repro: Repro {
        Repro(app: appName, seed: seed, events: events, violation: violation)
    }

    /// Swift code that replays the failure in a test.
    public var swiftSnippet: String {
        var lines = ["let events: [SimulationEvent] = ["]
        lines += events.map { "    \($0.swiftLiteral)," }
        lines.append("]")
        lines.append("let outcome = try await simulator.replay(events, seed: \(seed))")
        lines.append("#expect(outcome.violation?.kind != Violation.Kind(rawValue: \(SimulationEvent.quoted(violation.kind.rawValue))))")
        return lines.joined(separator: "\n")
    }

    /// The shrunk run as a timeline that fits 120 columns.
    public var timeline: String {
        timeline(layout: .standard)
    }

    /// The shrunk run as a timeline laid out as `layout` says.
    public func timeline(layout: Timeline.Layout) -> String {
        Timeline(records: outcome.trace, layout: layout).render()
    }

    /// The whole report as text, with a timeline that fits 120 columns.
    public var text: String {
        text(timeline: .standard)
    }

    /// The whole report as text, with the timeline laid out as `layout` says.
    public func text(timeline layout: Timeline.Layout) -> String {
        """
        FAILURE in \(appName)
        \(violation)\(outcome.trap.map { "\nThe app trapped (signal \($0.signal)) in a worker process: \($0.message)\($0.frame.map { "\n  app frame: \($0)" } ?? "")" } ?? "")
        seed \(seed)\(outcome.variant.map { ", variant \"\($0)\"" } ?? ""); shrunk from \(originalEventCount) to \(events.count) events

        Replay:
        \(swiftSnippet)

        Timeline:
        \(timeline(layout: layout))
        """
    }
}
