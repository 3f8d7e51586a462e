import DurableState
import Lifecycle
import Observation

/// Sign-in and the launch-time session restore: the token lives in the secret store and its
/// presence proves nothing, so it is verified with the account service before the interface says
/// "signed in"; a rejected token is cleared rather than left to fail every later call.
///
/// ```swift
/// await auth.restoreSession()   // first step of the ordered startup; the launch gate waits for it
/// ```
///
/// Created once by the composition root (application lifetime); lives on the main actor.
@Observable
@MainActor
public final class AuthenticationService {
    /// The state the interface renders; ``AuthState/restoring`` until ``restoreSession()`` returns.
    public private(set) var state: AuthState = .restoring
    /// Whether a sign-in or sign-out request is in flight.
    public private(set) var isWorking = false
    /// Why the last sign-in failed, for the form.
    public private(set) var signInError: String?
    /// Called when a sign-in or sign-out ends, whether it changed anything or not (a sign-in can
    /// fail or be abandoned), with the account the interface then shows (`nil` when signed out);
    /// the launch-time restore does not call it. The simulator records it as the outcome of the
    /// student's request.
    @ObservationIgnored public var onAccountChange: (@MainActor (Account?) -> Void)?

    @ObservationIgnored private let server: any AccountServer
    @ObservationIgnored private let tokens: SessionTokenStore
    @ObservationIgnored private let preferences: Preferences
    @ObservationIgnored private let logger: LifelineLogger

    /// Creates the service.
    public init(server: any AccountServer, tokens: SessionTokenStore, preferences: Preferences, logger: LifelineLogger) {
        self.server = server
        self.tokens = tokens
        self.preferences = preferences
        self.logger = logger.category("auth")
    }

    /// Whether the launch gate must stay closed.
    public var isRestoringSession: Bool { state == .restoring }

    /// Where the session token is kept, for a person (shown once signed in).
    public var tokenLocation: String { tokens.location }

    /// Verifies the stored token with the account service. Rejected: the token is cleared.
    /// Unreachable: the token is kept and the last verified account is shown as signed in
    /// (offline). The state leaves ``AuthState/restoring`` on every path.
    public func restoreSession() async {
        var outcome = AuthState.signedOut
        defer { state = outcome }
        let token: Secret?
        do {
            token = try tokens.token()
        } catch {
            logger.error("The session token could not be read: \(error.description, privacy: .public)")
            return
        }
        guard let token else { return }
        do {
            let account = try await server.currentUser(token: token)
            preferences.set(account, for: .lastAccount, logger: logger)
            outcome = .signedIn(account, verified: true)
        } catch .unreachable {
            logger.info("The account service is unreachable; keeping the stored session unverified.")
            if let account = preferences[.lastAccount] { outcome = .signedIn(account, verified: false) }
        } catch {
            logger.info("The stored session could not be restored; clearing the token.")
            clearToken()
        }
    }

    /// Signs in; on success the token goes to the secret store and the state becomes signed in.
    public func signIn(username: String, password: Secret) async {
        guard !isWorking else { return }
        isWorking = true
        signInError = nil
        defer { isWorking = false }
        do {
            let (token, account) = try await server.signIn(username: username, password: password)
            do {
                try tokens.save(token)
            } catch {
                logger.error("The session token could not be stored: \(error.description, privacy: .public)")
                signInError = "Signed in, but the session could not be kept on this device."
            }
            preferences.set(account, for: .lastAccount, logger: logger)
            state = .signedIn(account, verified: true)
            onAccountChange?(account)
        } catch {
            signInError = error.description
            onAccountChange?(state.account)
        }
    }

    /// Signs out: revokes the token on the service (best effort) and removes it from this device.
    public func signOut() async {
        guard !isWorking else { return }
        isWorking = true
        defer { isWorking = false }
        if let token = try? tokens.token() {
            do {
                try await server.signOut(token: token)
            } catch {
                logger.info("The service could not revoke the session: \(error.description, privacy: .public)")
            }
        }
        clearToken()
        preferences.set(nil, for: .lastAccount, logger: logger)
        state = .signedOut
        onAccountChange?(nil)
    }

    private func clearToken() {
        do {
            try tokens.clear()
        } catch {
            logger.error("The session token could not be removed: \(error.description, privacy: .public)")
        }
    }
}
