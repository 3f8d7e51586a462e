/// What a store is about to do with protected data, as the protection classes distinguish it:
/// ``DataProtection/completeUnlessOpen`` treats the three differently while the device is locked.
///
/// A closed enum, `Sendable`.
public enum ProtectedDataAccess: Sendable, CustomStringConvertible {
    /// Open a file (or read a secret, open a database) that already exists, to read or write it.
    case openExisting
    /// Create a new file and write it (a durable replace's temporary file, a new database).
    case createNew
    /// Read or write a file the store opened earlier and kept open (a ``Database``'s connection).
    case useOpen

    /// `open`, `create` or `use an open file`.
    public var description: String {
        switch self {
        case .openExisting: "open"
        case .createNew: "create"
        case .useOpen: "use an open file"
        }
    }
}
