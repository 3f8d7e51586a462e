/// Where a ``PersistentValue``'s latest change stands. Apps show "saved" on ``saved(generation:)``;
/// the simulator treats it as the acknowledgement of every change up to that generation.
///
/// A value, `Sendable`.
public enum SaveState: Sendable, Equatable, CustomStringConvertible {
    /// Nothing to save: not hydrated yet, or no change since hydration.
    case idle
    /// Changes wait for the debounce interval or a flush.
    case pending
    /// A save is in flight.
    case saving
    /// Every change up to `generation` (see ``PersistentValue/changeCount``) is stored.
    case saved(generation: Int)
    /// The last save failed; the next change or flush retries.
    case failed(ValueStorageError)

    public var description: String {
        switch self {
        case .idle: "idle"
        case .pending: "pending"
        case .saving: "saving"
        case .saved(let generation): "saved(\(generation))"
        case .failed(let error): "failed(\(error))"
        }
    }
}
