import Foundation

/// What tells two failures of a search apart: the same bug hit by two schedules has the same
/// signature, two bugs have two. A signature is the violation's ``kind``, its ``site`` — the
/// violated key or field, or for an ``Violation/Kind/appCrash`` the trap's message and the
/// app's frame — and the event that exposed it (``exposedBy``).
///
/// ```swift
/// let signature = BugSignature(outcome)   // lost acknowledged edit at note@S#, exposed by kill
/// ```
///
/// The site is made to be the same whatever values the schedule drew: the text before ` shows `
/// for the history's verdicts (`note@S1 shows "…" instead of …` → `note@S1`), the whole message
/// otherwise, with every quoted value replaced by `…` and every run of digits folded into one
/// `#` (scene `S1` and `S2`, note `12` and `345` are one site). A trap's site keeps its digits (the
/// line of the trap). The exposing event is the kind of the event at the violation's step
/// (`userAction(edit note)` for a user action) or `final check` — except for a trap whose app
/// frame is known, where it is `any event`: the frame is where the bug is, and the schedules
/// that lead there are many ways to one bug.
///
/// The shrinker keeps a candidate that fails with the same kind and site; the exposing event may
/// become a simpler one while it shrinks, and a bug keeps the signature of the schedule that
/// found it. A `Codable` value.
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
        // A trap whose frame is known is one bug wherever the schedule led to it.
        let exposedBy = outcome.trap?.frame != nil ? "any event" : Self.exposingEvent(at: violation.step, of: outcome.events)
        self.init(kind: violation.kind, site: Self.site(of: violation, trap: outcome.trap), exposedBy: exposedBy)
    }

    /// The site of `violation` (see the type's documentation).
    public static func site(of violation: Violation, trap: AppTrap?) -> String {
        if let trap { return trap.summary }
        let message = violation.message
        let subject = message.range(of: " shows ").map { String(message[..<$0.lowerBound]) } ?? message
        return folded(subject)
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
