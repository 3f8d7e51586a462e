import DurableState

/// The library's account service — "the server": sign-in, token verification and sign-out.
///
/// The app talks to it only through this protocol; the default is ``EmbeddedLibraryServer``, which
/// runs in-process on local files, and tests or the simulator supply their own. Owned by the
/// composition root (application lifetime, or longer in the simulator, where the server outlives
/// app incarnations); lives on the main actor.
@MainActor
public protocol AccountServer: AnyObject {
    /// Signs in and issues a session token.
    /// - Throws: ``AccountServerError/invalidCredentials`` or ``AccountServerError/unreachable(_:)``;
    ///   no session is created then.
    func signIn(username: String, password: Secret) async throws(AccountServerError) -> (token: Secret, account: Account)
    /// The account a token belongs to: the source of truth for "is this session still valid".
    /// - Throws: ``AccountServerError/unauthorized`` only when the service knows the token is
    ///   expired or revoked; ``AccountServerError/unreachable(_:)``,
    ///   ``AccountServerError/unavailable(_:)`` or ``AccountServerError/server(_:)`` when it
    ///   cannot tell now (keep the token then).
    func currentUser(token: Secret) async throws(AccountServerError) -> Account
    /// Revokes a token. Succeeds for an unknown token.
    func signOut(token: Secret) async throws(AccountServerError)
    /// What reading the service's own records found, when they are on this computer (an older
    /// copy, damaged and started afresh, unreadable now): the app tells the student once.
    var loadOutcome: LoadOutcome { get }
}

extension AccountServer {
    /// A service elsewhere: its records are its own business.
    public var loadOutcome: LoadOutcome { .loaded }
}

/// Why the account service refused or failed. Never contains a password or token.
public enum AccountServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name or password is wrong.
    case invalidCredentials
    /// The token is unknown, expired or revoked.
    case unauthorized
    /// The service could not be reached; nothing changed on it.
    case unreachable(String)
    /// The service is reachable but cannot read its own records right now (a permission error,
    /// say): it cannot tell whether a session is valid. Nothing changed on it; try again later.
    case unavailable(String)
    /// The service failed on its side.
    case server(String)

    /// A message for the interface and logs.
    public var description: String {
        switch self {
        case .invalidCredentials: "The name or password is incorrect."
        case .unauthorized: "The session is no longer valid."
        case .unreachable(let reason): "The library service is unreachable (\(reason))."
        case .unavailable(let reason): "The library service cannot read its records right now (\(reason))."
        case .server(let reason): "The library service failed: \(reason)"
        }
    }
}
