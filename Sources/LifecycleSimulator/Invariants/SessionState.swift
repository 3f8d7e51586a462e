/// What a signed-in session looks like at one step, for
/// ``AppInvariant/signedInSurvivesProtectedData(_:)``. A `Sendable` value.
public struct SessionState: Hashable, Sendable {
    /// Whose session, for messages (an account name, never the token).
    public var account: String
    /// Whether the device's keychain holds the session's token, read past its protection class
    /// (the simulator's `SimulationEnvironment.secretStore`, which has none).
    public var tokenStored: Bool
    /// Whether the app shows the user signed in.
    public var showsSignedIn: Bool
    /// Whether the app has settled what it shows: its session restore is over (a restore that
    /// waits for the device to unlock is not).
    public var isSettled: Bool

    /// Describes one session.
    public init(account: String, tokenStored: Bool, showsSignedIn: Bool, isSettled: Bool) {
        self.account = account
        self.tokenStored = tokenStored
        self.showsSignedIn = showsSignedIn
        self.isSettled = isSettled
    }
}
