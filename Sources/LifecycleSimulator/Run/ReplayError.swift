/// Why a replayed schedule (a repro file, a hand-written list) could not be applied: the event at
/// ``illegalEvent(index:event:reason:)``'s `index` cannot happen at that point of the run. A
/// replay never drops an event silently; only the explorer's own searches skip events whose
/// precondition no longer holds. A `Sendable` value thrown by ``Simulator/replay(_:seed:)``.
public enum ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Event number `index` (0-based) of the list cannot happen in the device's state when its
    /// turn comes, for `reason` (`scene 2 is not connected`, `the request's earliest begin is
    /// t+900000ms; the device is at t+1200ms`). The events before it were applied; nothing of
    /// the run is kept.
    case illegalEvent(index: Int, event: SimulationEvent, reason: EventRefusal)

    /// The index, the event and the reason, for a person.
    public var description: String {
        switch self {
        case let .illegalEvent(index, event, reason):
            "event \(index) (\(event)) cannot happen at that point: \(reason)"
        }
    }
}
