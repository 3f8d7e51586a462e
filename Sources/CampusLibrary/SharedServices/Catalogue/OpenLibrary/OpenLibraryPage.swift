/// The usable records of one response and counts of what was left out. A `Sendable` value.
struct OpenLibraryPage: Equatable, Sendable {
    /// The records, in the service's order.
    var books: [Book] = []
    /// Documents without `key`.
    var skippedWithoutKey = 0
    /// Documents without a title, with a key that is not a usable identifier, with fields of the
    /// wrong type, or repeating an earlier record.
    var skippedUnusable = 0
    /// Usable records beyond the requested limit.
    var droppedOverLimit = 0

    /// Whether anything was left out.
    var droppedAnything: Bool { skippedWithoutKey + skippedUnusable + droppedOverLimit > 0 }
}
