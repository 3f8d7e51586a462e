/// Who is signed in, as the interface must show it. A `Sendable` value.
public enum AuthState: Hashable, Sendable {
    /// The stored session is being verified: show the launch placeholder, never "Sign in".
    case restoring
    /// Nobody is signed in.
    case signedOut
    /// `account` is signed in; `verified` is false while the session could not be checked (the
    /// token could not be read, or the service was unreachable or could not read its records):
    /// the token is kept and checked again.
    case signedIn(Account, verified: Bool)

    /// The signed-in account, if any.
    public var account: Account? {
        if case .signedIn(let account, _) = self { return account }
        return nil
    }
}
