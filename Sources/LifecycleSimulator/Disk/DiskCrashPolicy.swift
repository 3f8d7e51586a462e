/// What a power loss does to the operations a ``SimulatedDisk`` has not made durable yet
/// (DURABILITY.md). Synced operations always survive; the policy decides the fate of the rest,
/// with choices drawn from a seed.
///
/// Raw values match the simulator's `PowerLossPolicy` cases, so one converts to the other by
/// `rawValue`. A value, `Sendable`.
public enum DiskCrashPolicy: String, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
    /// Pending operations reach the disk in order, up to a chosen point.
    case inOrderPrefix
    /// Pending operations in the earlier sync epochs land; in one chosen epoch (between two sync
    /// barriers) an arbitrary subset lands, in any order; nothing after it.
    case reorderBetweenBarriers
    /// One chosen pending operation is lost, the others land.
    case dropOnePending
    /// Every pending operation lands, but the last pending data write is cut to a chosen length.
    case tornLastWrite
    /// Every pending operation lands except renames whose directory was not synced.
    case renameLostWithoutDirectorySync

    public var description: String { rawValue }
}
