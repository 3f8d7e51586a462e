/// A lifecycle bug that can be planted in Campus Library to show that the simulator finds it in a
/// real app, not only in its small example. Off unless a host puts it in
/// ``AppEnvironment/plantedBugs``; the terminal app never does. A `Sendable` value.
package enum CampusBug: String, CaseIterable, Codable, Sendable, Comparable {
    /// A window that resigns active or goes to the background does not flush the debounced note
    /// draft, so a kill in the quiet interval loses what the editor showed as typed.
    case noFlushOnInactive

    package static func < (lhs: CampusBug, rhs: CampusBug) -> Bool { lhs.rawValue < rhs.rawValue }
}
