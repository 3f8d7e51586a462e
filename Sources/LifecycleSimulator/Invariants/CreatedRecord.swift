/// A durable record the app created, for ``AppInvariant/noRecordCreatedEmpty(_:)``.
/// A `Sendable` value.
public struct CreatedRecord: Hashable, Sendable {
    /// What kind of record, for messages (`basket`).
    public var kind: String
    /// Which one (an identifier, a path, a request).
    public var id: String
    /// Whether it was created for an empty value.
    public var isEmpty: Bool

    /// Describes one creation.
    public init(kind: String, id: String, isEmpty: Bool) {
        self.kind = kind
        self.id = id
        self.isEmpty = isEmpty
    }
}
