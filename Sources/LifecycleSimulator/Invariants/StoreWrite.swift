import DurableState

/// A write the app made to one of its stores, with what the store's last load found, for
/// ``AppInvariant/nothingSavedOverUnreadData(_:)``. A `Sendable` value.
public struct StoreWrite: Equatable, Sendable {
    /// Which store, for messages (a path or a name).
    public var store: String
    /// What the store's last load before the write found.
    public var lastLoad: LoadOutcome

    /// Describes one write.
    public init(store: String, lastLoad: LoadOutcome) {
        self.store = store
        self.lastLoad = lastLoad
    }
}
