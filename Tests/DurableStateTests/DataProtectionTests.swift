import DurableState
import Testing

/// One row of the availability table: a class, a device state, an access and whether iOS allows it.
struct ProtectionCase: Sendable, CustomTestStringConvertible {
    let protection: DataProtection
    let state: DeviceLockState
    let access: ProtectedDataAccess
    let allowed: Bool

    var testDescription: String { "\(protection) \(state) \(access): \(allowed ? "allowed" : "refused")" }
}

/// The table as Apple's documentation states it, written out row by row rather than computed:
/// FileProtectionType.complete "cannot be read from or written to while the device is locked or
/// booting"; completeUnlessOpen files "can be created while the device is locked, but once
/// closed, cannot be opened again until the device is unlocked. If the file is opened when
/// unlocked, you may continue to access the file normally, even if the user locks the device";
/// completeUntilFirstUserAuthentication (kSecAttrAccessibleAfterFirstUnlock) "cannot be accessed
/// after a restart until the device has been unlocked once by the user"; none is never refused.
let availabilityTable: [ProtectionCase] = {
    let all: [ProtectedDataAccess] = [.openExisting, .createNew, .useOpen]
    var rows: [ProtectionCase] = []
    func add(_ protection: DataProtection, _ state: DeviceLockState, allowed: [ProtectedDataAccess]) {
        for access in all { rows.append(ProtectionCase(protection: protection, state: state, access: access, allowed: allowed.contains(access))) }
    }
    add(.complete, .unlocked, allowed: all)
    add(.complete, .locked, allowed: [])
    add(.complete, .beforeFirstUnlock, allowed: [])
    add(.completeUnlessOpen, .unlocked, allowed: all)
    add(.completeUnlessOpen, .locked, allowed: [.createNew, .useOpen])
    add(.completeUnlessOpen, .beforeFirstUnlock, allowed: [])
    add(.completeUntilFirstUserAuthentication, .unlocked, allowed: all)
    add(.completeUntilFirstUserAuthentication, .locked, allowed: all)
    add(.completeUntilFirstUserAuthentication, .beforeFirstUnlock, allowed: [])
    add(.none, .unlocked, allowed: all)
    add(.none, .locked, allowed: all)
    add(.none, .beforeFirstUnlock, allowed: all)
    return rows
}()

@Suite("DataProtection")
struct DataProtectionTests {
    @Test("each class allows what Apple's documentation says, in each device state", arguments: availabilityTable)
    func availability(_ row: ProtectionCase) {
        #expect(row.protection.allows(row.access, when: row.state) == row.allowed)
    }

    @Test("the table covers every class, state and access")
    func tableIsComplete() {
        #expect(availabilityTable.count == DataProtection.allCases.count * 3 * 3)
    }

    @Test("a refused check throws the typed error naming the item, the class, the access and the state")
    func refusalNamesEverything() {
        let device = ManualLockState(.locked)
        #expect(throws: ProtectedDataUnavailable(item: "/data/notes.json", protection: .complete, access: .openExisting, deviceState: .locked)) {
            try device.check(.openExisting, to: "/data/notes.json", protectedBy: .complete)
        }
        let refusal = ProtectedDataUnavailable(item: "/data/notes.json", protection: .complete, access: .openExisting, deviceState: .beforeFirstUnlock)
        #expect(refusal.description.contains("Protected data is unavailable"))
        #expect(refusal.description.contains("/data/notes.json"))
        #expect(refusal.description.contains("complete"))
        #expect(refusal.description.contains("before the first unlock"))
    }

    @Test("the default source is a device that never locks")
    func defaultIsAlwaysAvailable() throws {
        let storage = StorageEnvironment(fileSystem: POSIXFileSystem())
        #expect(storage.protectedData.deviceLockState == .unlocked)
        for protection in DataProtection.allCases {
            try storage.protectedData.check(.openExisting, to: "/x", protectedBy: protection)
        }
    }
}
