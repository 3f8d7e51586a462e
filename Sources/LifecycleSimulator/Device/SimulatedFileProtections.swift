import DurableState
import Foundation
import Synchronization

/// The protection class of each file written through the simulated device's ``SimulatedFiles``
/// (`Data.write(to:options:)`'s protection options), and the device's lock: what refuses
/// Foundation-style reads and writes while the device is locked, as iOS does.
///
/// One per run, owned by its `RunContext` (files outlive their process); only consulted with
/// ``SimulationOptions/deviceLocks``. `Sendable`, its table guarded by a `Mutex`.
final class SimulatedFileProtections: Sendable {
    /// The class of a file written without a protection option: iOS's default for app files.
    static let defaultProtection = DataProtection.completeUntilFirstUserAuthentication

    private let classes = Mutex<[String: DataProtection]>([:])
    /// The device's lock state.
    let lock: SimulatedDeviceLock

    init(lock: SimulatedDeviceLock) {
        self.lock = lock
    }

    /// The class of the file at `path` (the default for one written before it was recorded).
    func protection(of path: String) -> DataProtection {
        classes.withLock { $0[path] } ?? Self.defaultProtection
    }

    /// Records that the file at `path` now has `protection`, or forgets it when removed.
    func set(_ protection: DataProtection?, of path: String) {
        classes.withLock { $0[path] = protection }
    }

    /// Refuses `access` to the file at `path` of class `protection` (for a write when `writing`)
    /// while the device forbids it, and tells the lock so.
    func check(_ access: ProtectedDataAccess, _ path: String, _ protection: DataProtection, writing: Bool) throws(FileSystemError) {
        do {
            try lock.check(access, to: path, protectedBy: protection)
        } catch {
            lock.didRefuse(error, writing: writing)
            throw .protectedDataUnavailable(error)
        }
    }

    /// The class `Data.write(to:options:)` gives a file with `options`: its protection option
    /// (one of four values in the options' protection bits, not flags), else the default.
    static func protection(of options: Data.WritingOptions) -> DataProtection {
        let mask: UInt = 0xF000_0000
        let classes: [(Data.WritingOptions, DataProtection)] = [
            (.noFileProtection, .none), (.completeFileProtection, .complete),
            (.completeFileProtectionUnlessOpen, .completeUnlessOpen),
            (.completeFileProtectionUntilFirstUserAuthentication, .completeUntilFirstUserAuthentication),
        ]
        let bits = options.rawValue & mask
        return classes.first { bits != 0 && $0.0.rawValue & mask == bits }?.1 ?? defaultProtection
    }
}
