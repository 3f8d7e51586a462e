import Foundation
import Lifecycle
import LifelineHistory

/// A ``ValueStorage`` that keeps a value in one remote record, the way the shopping-cart lesson
/// keeps the basket on the server.
///
/// ```swift
/// let storage = RemoteRecordSync(service: cartService, preferences: preferences, name: "cart",
///                                isEmpty: { $0.lines.isEmpty })
/// let cart = PersistentValue(initialValue: Cart(), storage: storage, clock: clock, scope: appScope, name: "cart")
/// ```
///
/// - Every save is an idempotent whole replacement of the record (`PUT`), so a retry or a flush at
///   an awkward moment cannot double anything.
/// - No record is created for an empty value: opening the app and browsing leaves nothing behind.
/// - The record id (and, while a creation is in flight, its request id) is kept in
///   ``Preferences`` under `<name>.remoteID` / `<name>.createRequestID`; a retried creation
///   reuses the request id, so the service can return the first record instead of a second one,
///   and then replaces that record's value with its own (the first try's may be older).
/// - An id that no longer resolves is forgotten (cleared durably) rather than retried forever: a
///   load then reports nothing stored, and a save of a non-empty value creates a new record.
///
/// Owned by the ``PersistentValue`` that uses it; lives on the main actor.
@MainActor
public final class RemoteRecordSync<Service: RemoteRecordService>: ValueStorage {
    /// The record type.
    public typealias Value = Service.Record

    private let service: Service
    private let preferences: Preferences
    private let idKey: PreferenceKey<String?>
    private let requestKey: PreferenceKey<String?>
    private let isEmpty: @MainActor (Value) -> Bool
    private let makeRequestID: @MainActor () -> String
    private let logger: LifelineLogger

    /// Creates the storage. `name` keys its entries in `preferences`; `makeRequestID` produces
    /// creation request ids (inject a deterministic one in the simulator).
    public init(
        service: Service,
        preferences: Preferences,
        name: String,
        isEmpty: @escaping @MainActor (Value) -> Bool,
        makeRequestID: @escaping @MainActor () -> String = { UUID().uuidString },
        logger: LifelineLogger = .disabled
    ) {
        self.service = service
        self.preferences = preferences
        self.idKey = PreferenceKey("\(name).remoteID", default: nil)
        self.requestKey = PreferenceKey("\(name).createRequestID", default: nil)
        self.isEmpty = isEmpty
        self.makeRequestID = makeRequestID
        self.logger = logger.category("remote-sync")
    }

    /// The history of the preferences' file system: a ``PersistentValue`` over this storage
    /// reports its edits there on a simulated device, acknowledged once the service confirmed
    /// the save (see `StorageHistory`).
    public var storageHistory: (any StorageHistory)? { preferences.storage.history }

    /// The id of the remote record, if one was created and not forgotten.
    public var recordID: String? { preferences.storedValue(for: idKey) }

    public func load() async throws(ValueStorageError) -> Value? {
        guard let id = recordID else { return nil }
        do {
            return try await service.fetchRecord(id: id)
        } catch .recordNotFound {
            try forget()
            return nil
        } catch {
            throw .remote(error)
        }
    }

    public func save(_ value: Value) async throws(ValueStorageError) {
        if let id = recordID {
            do {
                try await service.replaceRecord(id: id, with: value)
                return
            } catch .recordNotFound {
                try forget()
            } catch {
                throw .remote(error)
            }
        }
        guard !isEmpty(value) else { return }
        let requestID: String
        let isRetry: Bool
        if let pending = preferences.storedValue(for: requestKey) {
            requestID = pending
            isRetry = true
        } else {
            requestID = makeRequestID()
            isRetry = false
            try remember(requestID, for: requestKey)
        }
        let id: String
        do {
            id = try await service.createRecord(value, requestID: requestID)
        } catch {
            throw .remote(error)
        }
        try remember(id, for: idKey)
        try remember(nil, for: requestKey)
        // A creation tried again is answered with the record its first try made, which holds
        // the value of that try: this one's may be newer.
        guard isRetry else { return }
        do {
            try await service.replaceRecord(id: id, with: value)
        } catch {
            throw .remote(error)
        }
    }

    private func forget() throws(ValueStorageError) {
        logger.info("The stored remote record id no longer resolves; forgetting it.")
        try remember(nil, for: idKey)
    }

    private func remember(_ value: String?, for key: PreferenceKey<String?>) throws(ValueStorageError) {
        do {
            // Bookkeeping the user never sees: not reported to the history.
            if let value {
                try preferences.set(value, for: key, reportsHistory: false)
            } else {
                try preferences.removeValue(for: key, reportsHistory: false)
            }
        } catch {
            throw .store(error)
        }
    }
}
