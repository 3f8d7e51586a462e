/// A lifecycle bug that can be planted in Campus Library to show that the simulator finds it in a
/// real app, not only in its small example. Off unless a host puts it in
/// ``AppEnvironment/plantedBugs``; the terminal app never does. A `Sendable` value.
package enum CampusBug: String, CaseIterable, Codable, Sendable, Comparable {
    /// A window that resigns active or goes to the background does not flush the debounced note
    /// draft, so a kill in the quiet interval loses what the editor showed as typed.
    case noFlushOnInactive
    /// The background refresh of new arrivals retries a failed fetch with `try?`, so the
    /// cancellation its expiration brings counts as three failures at once, and then stores the
    /// empty shelf it was left with: a write after the task's background time ended.
    case workAfterExpiration
    /// Notes are written over their own file and synced, instead of through the durable replace
    /// recipe: a power loss during the write tears the saved note.
    case noteWrittenInPlace

    package static func < (lhs: CampusBug, rhs: CampusBug) -> Bool { lhs.rawValue < rhs.rawValue }
}
