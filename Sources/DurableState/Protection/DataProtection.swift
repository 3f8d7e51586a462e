/// When a store's data may be read and written on a device that locks: iOS's four data
/// protection classes, with the meanings of `FileProtectionType` and `kSecAttrAccessible…`.
///
/// ```swift
/// // Notes a background refresh must read while the phone is locked:
/// let notes = DocumentStore(storage: storage, path: "/data/notes.json", defaultValue: [Note](),
///                           protection: .completeUntilFirstUserAuthentication, clock: clock)
/// ```
///
/// Every store of DurableState takes one (files, documents, preferences, the database, secrets)
/// and asks its ``StorageEnvironment/protectedData`` source whether the device's
/// ``DeviceLockState`` allows the access (``allows(_:when:)``, the one table). A refused access
/// throws ``ProtectedDataUnavailable`` — never an empty value, a missing key or a generic I/O
/// error — and a load reports it as ``LoadOutcome/unavailableNow``.
///
/// On Apple platforms the class is also what the files and Keychain items are created with
/// (AppleHost maps it to `FileProtectionType` and `kSecAttrAccessible…`), and the system enforces
/// it. On Linux there is no data protection: the default source, ``AlwaysAvailable``, says the
/// device is always unlocked, so every class allows everything. The simulator's device locks,
/// and its source follows it.
///
/// A closed enum, `Sendable`.
public enum DataProtection: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Readable and writable only while the device is unlocked: `FileProtectionType.complete`,
    /// `kSecAttrAccessibleWhenUnlocked`. A file already open loses access too when the device
    /// locks ("cannot be read from or written to while the device is locked or booting").
    case complete
    /// New files may be created while the device is locked, and a file opened while unlocked
    /// stays readable and writable after it locks; a closed file cannot be opened again until
    /// the next unlock: `FileProtectionType.completeUnlessOpen`. Secrets have no such class and
    /// are kept `kSecAttrAccessibleWhenUnlocked`.
    case completeUnlessOpen
    /// Available once the user has unlocked the device after it booted, until it restarts —
    /// locked or not: `FileProtectionType.completeUntilFirstUserAuthentication`,
    /// `kSecAttrAccessibleAfterFirstUnlock`. iOS's default for app files; what background work
    /// (refresh, silent push, prewarming) needs.
    case completeUntilFirstUserAuthentication
    /// Always available, before the first unlock too: `FileProtectionType.none`. Keychain items
    /// have no current equivalent (`kSecAttrAccessibleAlways` is deprecated); a secret of this
    /// class is kept `kSecAttrAccessibleAfterFirstUnlock`, which is refused before the first
    /// unlock.
    case none

    /// Whether `access` is allowed while the device is in `state`: the one table every store
    /// consults.
    ///
    /// | class | unlocked | locked | before first unlock |
    /// |---|---|---|---|
    /// | ``complete`` | all | nothing | nothing |
    /// | ``completeUnlessOpen`` | all | create a new file, use an open one | nothing |
    /// | ``completeUntilFirstUserAuthentication`` | all | all | nothing |
    /// | ``none`` | all | all | all |
    ///
    /// Apple's documentation does not say whether a ``completeUnlessOpen`` file can be created
    /// before the first unlock; the table says no, the stricter reading, so the simulator never
    /// lets an app rely on it.
    public func allows(_ access: ProtectedDataAccess, when state: DeviceLockState) -> Bool {
        switch (self, state) {
        case (.none, _), (_, .unlocked): true
        case (.completeUntilFirstUserAuthentication, .locked): true
        case (.completeUnlessOpen, .locked): access != .openExisting
        case (.complete, .locked), (_, .beforeFirstUnlock): false
        }
    }

    /// The class's Swift name (`complete`, `completeUnlessOpen`, …).
    public var description: String { rawValue }
}
