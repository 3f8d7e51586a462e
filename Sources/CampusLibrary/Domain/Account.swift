/// A library member as the account service knows them. Holds no credential: the session token is a
/// `Secret` that lives only in the secret store. A `Sendable` value.
public struct Account: Hashable, Codable, Sendable {
    /// The sign-in name.
    public var username: String
    /// The name shown in the interface.
    public var displayName: String

    /// Creates an account.
    public init(username: String, displayName: String) {
        self.username = username
        self.displayName = displayName
    }
}
