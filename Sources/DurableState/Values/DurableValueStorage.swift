import Foundation
import Lifecycle
import LifelineHistory

/// A ``ValueStorage`` backed by one durable file: a ``DocumentStore`` with a backup, so every save
/// goes through the durable replace recipe and a corrupt file is quarantined, never overwritten.
///
/// ```swift
/// let storage = DurableValueStorage<Cart>(storage: storage, path: "/data/cart.json", clock: clock)
/// ```
///
/// `load()` never suspends or fails for a missing or corrupt file (it returns the backup or `nil`
/// and records ``lastLoadIssues``); it throws only when a file exists but cannot be read, so that
/// the owner does not write over it. Owned by the ``PersistentValue`` that uses it; lives on the
/// main actor.
@MainActor
public final class DurableValueStorage<Value: Codable & Sendable>: ValueStorage {
    /// The underlying document store.
    public let document: DocumentStore<Value?>
    /// What the last load had to work around (quarantined files…).
    public private(set) var lastLoadIssues: [LoadIssue] = []
    /// What the last load means for the user.
    public private(set) var lastLoadOutcome: LoadOutcome = .loaded

    /// Creates the storage for the file at `path`, owner-only (0600) unless `permissions` widen it.
    public init(
        storage: StorageEnvironment,
        path: String,
        schema: StoredSchema = .initial,
        sizeLimit: Int = 4 * 1024 * 1024,
        permissions: UInt16 = 0o600,
        protection: DataProtection = .completeUntilFirstUserAuthentication,
        clock: any LifelineClock,
        logger: LifelineLogger = .disabled
    ) {
        self.document = DocumentStore<Value?>(
            storage: storage, path: path, defaultValue: nil, schema: schema, sizeLimit: sizeLimit,
            keepsBackup: true, permissions: permissions, protection: protection, clock: clock, logger: logger,
            history: .off)
        self.storageHistory = storage.history
    }

    /// The history of the storage environment (the ``PersistentValue`` over this storage
    /// reports; the document beneath it does not, so nothing is recorded twice).
    public let storageHistory: (any StorageHistory)?

    public func load() async throws(ValueStorageError) -> Value? {
        try loadNow()
    }

    public func save(_ value: Value) async throws(ValueStorageError) {
        try saveNow(value)
    }

    /// ``load()`` without suspending.
    public func loadNow() throws(ValueStorageError) -> Value? {
        let loaded = document.load()
        lastLoadIssues = loaded.issues
        lastLoadOutcome = loaded.outcome
        if let unreadable = loaded.issues.first(where: \.isUnreadable) {
            throw .unreadable(unreadable)
        }
        return loaded.value ?? nil
    }

    /// Refuses a value over the file's size limit (or not encodable, or sensitive); see
    /// ``DocumentStore/check(_:)``.
    public func check(_ value: Value) throws(ValueStorageError) {
        do {
            try document.check(value)
        } catch {
            throw .store(error)
        }
    }

    /// ``save(_:)`` without suspending.
    public func saveNow(_ value: Value) throws(ValueStorageError) {
        do {
            try document.save(value)
        } catch {
            throw .store(error)
        }
    }
}
