import Foundation

/// What tells two failures of a search apart: the same bug hit by two schedules has the same
/// signature, two bugs have two. A signature is the violation's ``kind``, its ``site`` — the
/// violated key or field, or for an ``Violation/Kind/appCrash`` the trap's message and the
/// app's frame — and the event that exposed it (``exposedBy``).
///
/// ```swift
/// let signature = BugSignature(outcome)   // lost acknowledged edit at note@S#, exposed by power loss
/// ```
///
/// The site is made to be the same whatever values the schedule drew: the text before ` shows `
/// for the history's verdicts (`note@S1 shows "…" instead of …` → `note@S1`), the whole message
/// otherwise, with every quoted value replaced by `…` and every run of digits folded into one
/// `#` (scene `S1` and `S2`, note `12` and `345` are one site). A trap's site keeps its digits (the
/// line of the trap).
///
/// The exposing event tells apart the losses of one value that two deaths expose — a save never
/// flushed loses an edit to a kill, a save never synced to a power loss — so it is kept for the
/// kinds that a death exposes (``Violation/Kind/lostAcknowledgedEdit``,
/// ``Violation/Kind/phantomData`` and the database kinds): the last death at or before the
/// violation's step (`kill`, `power loss`, `terminate`), or, with none, the kind of the event at
/// that step (`userAction(edit note)` for an action) or `final check`. For every other kind (a
/// leak, a trap, an app invariant, a lock) the site is the bug, whatever event the check ran
/// after, and the exposing event is `any event`.
///
/// The shrinker keeps a candidate that fails with the same kind and site; the exposing event may
/// change while it shrinks, and a bug keeps the signature of the schedule that found it. A
/// `Codable` value.
public struct BugSignature: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// The violation's kind.
    public var kind: Violation.Kind
    /// The violated key or field, or the trap's message and frame.
    public var site: String
    /// The kind of event that exposed it, or `final check`.
    public var exposedBy: String

    /// Creates a signature.
    public init(kind: Violation.Kind, site: String, exposedBy: String) {
        self.kind = kind
        self.site = site
        self.exposedBy = exposedBy
    }

    /// The signature of `outcome`'s violation (an outcome that passed gets the kind `none`).
    public init(_ outcome: ScheduleOutcome) {
        guard let violation = outcome.violation else {
            self.init(kind: Violation.Kind(rawValue: "none"), site: "", exposedBy: "")
            return
        }
        self.init(
            kind: violation.kind, site: Self.site(of: violation, trap: outcome.trap),
            exposedBy: Self.exposure(of: violation, events: outcome.events)
        )
    }

    /// The site of `violation` (see the type's documentation).
    public static func site(of violation: Violation, trap: AppTrap?) -> String {
        if let trap { return trap.summary }
        let message = violation.message
        let subject = message.range(of: " shows ").map { String(message[..<$0.lowerBound]) } ?? message
        return folded(subject)
    }

    /// The kinds a death exposes, whose exposing event is part of their signature.
    static let exposedByDeaths: Set<Violation.Kind> = [
        .lostAcknowledgedEdit, .phantomData, .databaseDamaged, .databaseUnopenable, .halfAppliedTransaction,
    ]

    /// What exposed `violation` of a run of `events` (see the type's documentation).
    public static func exposure(of violation: Violation, events: [SimulationEvent]) -> String {
        guard exposedByDeaths.contains(violation.kind) else { return "any event" }
        let last = violation.step >= 0 && violation.step < events.count ? violation.step : events.count - 1
        if last >= 0 {
            for event in events[...last].reversed() {
                switch event {
                case .kill, .crashDuringNextStep(_, .kill): return "kill"
                case .powerLoss, .crashDuringNextStep(_, .powerLoss): return "power loss"
                case .terminate: return "terminate"
                default: continue
                }
            }
        }
        return exposingEvent(at: violation.step, of: events)
    }

    /// The kind of the event at `step` of `events`, or `final check`.
    public static func exposingEvent(at step: Int, of events: [SimulationEvent]) -> String {
        guard step >= 0, step < events.count else { return "final check" }
        if case .userAction(let name, _, _) = events[step] { return "userAction(\(name))" }
        return events[step].kind.rawValue
    }

    /// `text` with quoted values replaced by `…` and every run of digits folded into `#`.
    static func folded(_ text: String) -> String {
        var result = ""
        var quote: Character?
        var inDigits = false
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            if character == "\"" {
                quote = character
                result.append("…")
                inDigits = false
                continue
            }
            if character.isASCII, character.isNumber {
                if !inDigits { result.append("#") }
                inDigits = true
                continue
            }
            inDigits = false
            result.append(character)
        }
        return result
    }

    /// By kind, site, then exposing event: the order reports list bugs in when they tie.
    public static func < (lhs: BugSignature, rhs: BugSignature) -> Bool {
        (lhs.kind.rawValue, lhs.site, lhs.exposedBy) < (rhs.kind.rawValue, rhs.site, rhs.exposedBy)
    }

    /// `kind at site, exposed by event`.
    public var description: String {
        "\(kind) at \(site), exposed by \(exposedBy)"
    }
}
