import Foundation

/// What a store promises to keep of what it acknowledged: the app declares it per history key
/// name in ``SimulatedApp/promises``, so that a store that only promises to survive a kill is not
/// charged for a power loss.
///
/// ```swift
/// app.promises = ["draft": .survivesKill]   // the draft is written, never synced
/// ```
///
/// The search judges it after a run (`judged(_:promises:)`): a lost acknowledged edit or
/// phantom data of a key whose store promises only ``survivesKill``, found after a power loss of
/// the schedule (a ``SimulationEvent/powerLoss(policy:seed:)`` or a crash whose death is one),
/// is excused — the run counts as passed, its violation kept in
/// ``ScheduleOutcome/excused`` — and the rest of that schedule is not checked. The summary lists
/// the promises assumed. A `Codable` value.
public enum StorePromise: String, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
    /// What the store acknowledged survives a kill of the process; a power loss may lose it.
    case survivesKill
    /// What the store acknowledged survives a kill and a power loss (every key's promise unless
    /// the app says otherwise).
    case survivesPowerLoss

    /// `survives a kill` or `survives a power loss`.
    public var description: String {
        switch self {
        case .survivesKill: "survives a kill, not a power loss"
        case .survivesPowerLoss: "survives a kill and a power loss"
        }
    }

    /// `outcome` as `promises` judge it: a loss a key's promise does not cover is excused.
    package static func judged(_ outcome: ScheduleOutcome, promises: [String: StorePromise]) -> ScheduleOutcome {
        guard !promises.isEmpty, let violation = outcome.violation,
              violation.kind == .lostAcknowledgedEdit || violation.kind == .phantomData,
              let shows = violation.message.range(of: " shows ")
        else { return outcome }
        let key = violation.message[..<shows.lowerBound]
        let name = String(key.prefix { $0 != "@" })
        guard promises[name] == .survivesKill else { return outcome }
        let last = violation.step >= 0 ? min(violation.step, outcome.events.count - 1) : outcome.events.count - 1
        guard last >= 0, outcome.events[...last].contains(where: \.losesPower) else { return outcome }
        var excused = outcome
        excused.violation = nil
        excused.excused = violation
        return excused
    }
}

extension SimulationEvent {
    /// Whether the event is a power loss, or a crash that dies by one.
    var losesPower: Bool {
        switch self {
        case .powerLoss: true
        case .crashDuringNextStep(_, .powerLoss): true
        default: false
        }
    }
}
