/// What the interface says about a piece of user work: whether it is safely saved.
///
/// "Saved" is only shown once the durable write has returned; that is the moment an edit counts
/// as acknowledged. A `Sendable` value.
public enum SaveState: Hashable, Sendable, CustomStringConvertible {
    /// Everything shown is saved.
    case saved
    /// An edit is waiting for the debounce interval (or the next flush).
    case pending
    /// A write is in progress.
    case saving
    /// The last write failed; the text is kept in memory and retried on the next edit or flush.
    case failed(String)

    /// The indicator text.
    public var description: String {
        switch self {
        case .saved: "saved"
        case .pending, .saving: "saving…"
        case .failed(let reason): "not saved: \(reason)"
        }
    }
}
