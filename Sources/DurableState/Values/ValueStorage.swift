import LifelineHistory

/// Where a ``PersistentValue`` keeps its value: a durable file (``DurableValueStorage``), a
/// remote record (``RemoteRecordSync``), a fake in tests.
///
/// ```swift
/// let cart = PersistentValue(initialValue: Cart(), storage: DurableValueStorage(...), ...)
/// ```
///
/// Implementations live on the main actor; their `async` methods may suspend (a network call) or
/// complete without suspending (a local file), and a ``PersistentValue`` never runs two of them at
/// once. `save` replaces the whole stored value, so repeating it is harmless.
@MainActor
public protocol ValueStorage<Value>: AnyObject {
    /// The stored value's type.
    associatedtype Value: Sendable

    /// The stored value, or `nil` if none is stored.
    /// - Throws: ``ValueStorageError`` if what is stored cannot be read right now; the caller
    ///   must not write until a load succeeds.
    func load() async throws(ValueStorageError) -> Value?

    /// Replaces the stored value with `value`. Returns once it is stored with the storage's
    /// promise (durable for ``DurableValueStorage``).
    /// - Throws: ``ValueStorageError``; the previously stored value is left as it was.
    func save(_ value: Value) async throws(ValueStorageError)

    /// What the last ``load()`` had to work around while still producing a value (a damaged file
    /// moved aside, a backup used instead), so that the owner can tell the user. Empty for
    /// storages that have nothing to report.
    var lastLoadIssues: [LoadIssue] { get }

    /// What the last successful ``load()`` means for the user (``LoadOutcome``): the latest copy,
    /// an older generation, a fresh start after damage. ``LoadOutcome/loaded`` for storages that
    /// have nothing to report.
    var lastLoadOutcome: LoadOutcome { get }

    /// Refuses `value` if this storage could never store it — over its size limit, not
    /// encodable, sensitive — without storing anything, so that an app refuses the edit before
    /// its screen shows it. Accepts everything by default.
    /// - Throws: ``ValueStorageError/store(_:)`` saying why.
    func check(_ value: Value) throws(ValueStorageError)

    /// The history a ``PersistentValue`` over this storage reports its edits to on a simulated
    /// device (`StorageHistory`): the one of the storage's file system. `nil` by default, and
    /// on a device.
    var storageHistory: (any StorageHistory)? { get }
}

extension ValueStorage {
    /// Nothing to report.
    public var lastLoadIssues: [LoadIssue] { [] }

    /// Nothing to report.
    public var lastLoadOutcome: LoadOutcome { .loaded }

    /// Everything can be stored.
    public func check(_ value: Value) throws(ValueStorageError) {}

    /// No history.
    public var storageHistory: (any StorageHistory)? { nil }
}
