import Foundation
import Lifecycle

/// The device's user defaults, as `cfprefsd` keeps them on iOS: outside the app's processes, so
/// a value set survives the process that set it; written to the disk a second after the first
/// change not yet written (``flushDelay``), unless the storage is full, which it never reports;
/// lost to a power loss before that.
///
/// Owned by the run (one device); lives on the main actor. Each process reaches it through its
/// ``SimulatedDefaults``.
@MainActor
final class DeviceDefaults {
    /// One value of the store.
    enum Value: Equatable, Sendable {
        case text(String), integer(Int), number(Double), flag(Bool), bytes([UInt8]), texts([String])

        /// The value as the history shows it.
        var historyText: String {
            switch self {
            case .text(let text): text
            case .integer(let number): String(number)
            case .number(let number): String(number)
            case .flag(let flag): String(flag)
            case .bytes(let bytes): SimulatedFiles.text(of: Data(bytes))
            case .texts(let texts): texts.joined(separator: ", ")
            }
        }
    }

    /// How long after the last change the daemon writes the values to the disk.
    static let flushDelay: Duration = .seconds(1)

    /// What the processes read: every value set, written to the disk or not.
    private(set) var values: [String: Value] = [:]
    /// What a power loss leaves: the values as the daemon last wrote them.
    private var written: [String: Value] = [:]
    /// When the oldest change not yet written was made.
    private var unwrittenSince: LifelineInstant?

    /// Sets (or with `nil` removes) the value of `key`, at device time `now`.
    func set(_ value: Value?, forKey key: String, at now: LifelineInstant) {
        values[key] = value
        if unwrittenSince == nil { unwrittenSince = now }
    }

    /// Writes the values to the disk if the first change not yet written is ``flushDelay`` old at
    /// `now` and the storage has room; returns whether it wrote.
    func writeIfDue(at now: LifelineInstant, storageFull: Bool) -> Bool {
        guard let since = unwrittenSince, since.duration(to: now) >= Self.flushDelay, !storageFull else { return false }
        written = values
        unwrittenSince = nil
        return true
    }

    /// A power loss: the daemon's memory is gone; what it wrote is what there is. Returns whether
    /// it lost changes.
    func losePower() -> Bool {
        guard unwrittenSince != nil else { return false }
        values = written
        unwrittenSince = nil
        return true
    }
}
