import DurableState
import Lifecycle
import LifelineHistory
import Observation

/// Sign-in and the launch-time session restore: the token lives in the secret store and its
/// presence proves nothing, so it is verified with the account service before the interface says
/// "signed in". Only the service saying the session is invalid clears the token; when it cannot
/// be checked now — the token cannot be read, the service is unreachable or cannot read its own
/// records — the token is kept, ``sessionNotice`` says so, and the check is retried (after 30 s,
/// doubling up to 15 min, and whenever the app returns to the foreground).
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
    /// What the student must know about the stored session: why it could not be checked (and
    /// that it is kept and checked again), or that the service ended it. `nil` when there is
    /// nothing to say.
    public private(set) var sessionNotice: String?

    @ObservationIgnored private let server: any AccountServer
    @ObservationIgnored private let tokens: SessionTokenStore
    @ObservationIgnored private let preferences: Preferences
    @ObservationIgnored private let logger: LifelineLogger
    @ObservationIgnored private let clock: any LifelineClock
    @ObservationIgnored private let scope: TaskScope
    /// The simulation's history, which the account is reported to as custom storage (`nil` on a device).
    @ObservationIgnored private let history: (any StorageHistory)?
    /// The next check of a session that could not be verified; `nil` when none is due.
    @ObservationIgnored private var retry: ScheduledAction?
    @ObservationIgnored private var retryDelay = AuthenticationService.firstRetryDelay
    /// True while the stored session is kept but not verified: retries run only then.
    @ObservationIgnored private var needsVerification = false
    /// Bumped by every sign-in and sign-out, so that a check in flight meanwhile is discarded.
    @ObservationIgnored private var sessionGeneration = 0
    /// True while a check is in flight: a retry does not start a second one.
    @ObservationIgnored private var isVerifying = false
    /// The bugs planted in this process (`lockedKeychainMeansSignedOut`).
    @ObservationIgnored package var plantedBugs: Set<CampusBug> = []
    /// The next try to save the last account after a save that failed (the disk full).
    @ObservationIgnored private var accountSave: ScheduledAction?
    /// Saves of the last account that failed in a row.
    @ObservationIgnored private var accountSaveFailures = 0
    static let accountSaveBackoff = RetryBackoff(initial: .seconds(1), multiplier: 2, maximum: .seconds(60))

    static let firstRetryDelay: Duration = .seconds(30)
    static let longestRetryDelay: Duration = .seconds(15 * 60)

    /// The name the signed-in account's username is reported under to a simulation's history.
    public static let historyName: HistoryKey = "account"

    /// Creates the service; retries run in `scope` on `clock`. Each sign-in and sign-out is
    /// reported to `history` (the account's storage is the service and the secret store): the
    /// account asked for when the request starts, the account shown when it ends, saved once the
    /// secret store agrees.
    public init(
        server: any AccountServer, tokens: SessionTokenStore, preferences: Preferences, clock: any LifelineClock,
        scope: TaskScope, logger: LifelineLogger, history: (any StorageHistory)? = nil
    ) {
        self.history = history
        self.server = server
        self.tokens = tokens
        self.preferences = preferences
        self.clock = clock
        self.scope = scope
        self.logger = logger.category("auth")
    }

    /// Whether the launch gate must stay closed.
    public var isRestoringSession: Bool { state == .restoring }
    /// Whether a kept session waits to be checked again (its token or account could not be read
    /// or verified now): what is shown is not settled until then.
    public var awaitsVerification: Bool { needsVerification }

    /// Where the session token is kept, for a person (shown once signed in).
    public var tokenLocation: String { tokens.location }

    /// Verifies the stored token with the account service. Rejected by the service: the token is
    /// cleared. Not checkable now: the token is kept, the last verified account is shown as
    /// signed in (unverified), and a retry is scheduled. The state leaves ``AuthState/restoring``
    /// on every path.
    public func restoreSession() async {
        await verify()
    }

    /// Checks a kept but unverified session again now (the app came back to the foreground);
    /// does nothing otherwise.
    public func retryVerificationIfNeeded() async {
        guard needsVerification, !isWorking, !isVerifying, state != .restoring else { return }
        retry?.cancel()
        retry = nil
        await verify()
    }

    /// Shows again, at once, the account of a session kept unverified while the account could
    /// not be read (the device locked since it booted), if it can be read now: called when the
    /// device's protected data becomes available and when the app comes to the foreground (a
    /// suspended app is not told of an unlock), before the check that follows
    /// (``retryVerificationIfNeeded()``) answers.
    public func showKeptSessionIfReadable() {
        guard needsVerification, state == .signedOut, let account = preferences[.lastAccount] else { return }
        state = .signedIn(account, verified: false)
    }

    /// What checking the stored session found.
    private enum Verification {
        case noToken
        case verified(Account)
        case rejected(Secret)
        case unverifiable(String)
    }

    /// Checks the stored session and applies the answer, unless a sign-in or sign-out decided
    /// the session while the check was in flight (its answer is stale then).
    private func verify() async {
        let started = sessionGeneration
        isVerifying = true
        let verification = await checkStoredSession()
        isVerifying = false
        guard sessionGeneration == started else { return }
        switch verification {
        case .noToken:
            settled(notice: nil)
            state = .signedOut
        case .verified(let account):
            keepSession(account)
            settled(notice: nil)
            state = .signedIn(account, verified: true)
        case .rejected(let token):
            logger.info("The account service says the stored session is no longer valid; clearing the token.")
            if (try? tokens.token()) == token { clearToken() }
            settled(notice: "The library service ended your session; sign in again.")
            state = .signedOut
        case .unverifiable(let reason):
            needsVerification = true
            sessionNotice = reason + " It is kept on this device and checked again shortly."
            scheduleRetry()
            state = preferences[.lastAccount].map { .signedIn($0, verified: false) } ?? .signedOut
        }
    }

    private func checkStoredSession() async -> Verification {
        let token: Secret?
        do {
            token = try tokens.token()
        } catch .protectedDataUnavailable where plantedBugs.contains(.lockedKeychainMeansSignedOut) {
            return .noToken
        } catch {
            // Unavailable now (the device locked, or not yet unlocked since it booted) is "cannot
            // check now": kept, said, retried — like an account service that does not answer.
            logger.error("The session token could not be read: \(error.description, privacy: .public)")
            return .unverifiable("The saved session could not be read (\(error)).")
        }
        guard let token else { return .noToken }
        do {
            return .verified(try await server.currentUser(token: token))
        } catch .unauthorized {
            return .rejected(token)
        } catch {
            logger.info("The stored session could not be verified now; keeping it: \(error.description, privacy: .public)")
            return .unverifiable("Your session could not be checked: \(error)")
        }
    }

    /// The session is decided (verified, ended or absent): no more retries.
    private func settled(notice: String?) {
        needsVerification = false
        sessionNotice = notice
        retry?.cancel()
        retry = nil
        retryDelay = Self.firstRetryDelay
    }

    /// Saves `account` as the last account (`nil`: none), then `token`, if given, in the secret
    /// store: a token kept without its account would show as signed out whenever the service
    /// cannot be asked at launch. A failed save of the account is tried again after a backoff
    /// until it succeeds or a newer one replaces it; the token waits for it, and the outcome is
    /// reported again once the session is kept. Returns whether the account was saved now.
    @discardableResult
    private func keepSession(_ account: Account?, token: Secret? = nil) -> Bool {
        accountSave?.cancel()
        accountSave = nil
        guard preferences.set(account, for: .lastAccount, logger: logger) else {
            if token != nil { signInError = "Signed in, but the session is not kept on this device until it can be saved." }
            accountSaveFailures += 1
            accountSave = clock.schedule(after: Self.accountSaveBackoff.delay(afterFailures: accountSaveFailures)) { [weak self] in
                guard let self, keepSession(account, token: token) else { return }
                reportOutcome()
            }
            return false
        }
        accountSaveFailures = 0
        guard let token else { return true }
        signInError = nil
        do {
            try tokens.save(token)
        } catch {
            logger.error("The session token could not be stored: \(error.description, privacy: .public)")
            signInError = "Signed in, but the session could not be kept on this device."
        }
        return true
    }

    private func scheduleRetry() {
        retry?.cancel()
        let delay = retryDelay
        retryDelay = min(retryDelay * 2, Self.longestRetryDelay)
        retry = clock.schedule(after: delay) { [weak self] in
            guard let self else { return }
            self.retry = nil
            self.scope.task("verify the kept session") { [weak self] in await self?.retryVerificationIfNeeded() }
        }
    }

    /// Signs in; on success the token goes to the secret store and the state becomes signed in.
    public func signIn(username: String, password: Secret) async {
        guard startRequest(for: username) else { return }
        await performSignIn(username: username, password: password)
    }

    /// Starts a sign-in in the application's scope and returns at once: it completes even if the
    /// screen that asked for it is closed meanwhile (``isWorking`` is true from now on).
    public func beginSignIn(username: String, password: Secret) {
        guard startRequest(for: username) else { return }
        scope.task("sign in") { [weak self] in await self?.performSignIn(username: username, password: password) }
    }

    /// Starts a sign-out in the application's scope and returns at once, like ``beginSignIn(username:password:)``.
    public func beginSignOut() {
        guard startRequest(for: nil) else { return }
        scope.task("sign out") { [weak self] in await self?.performSignOut() }
    }

    private func performSignIn(username: String, password: Secret) async {
        signInError = nil
        defer { isWorking = false }
        do {
            let (token, account) = try await server.signIn(username: username, password: password)
            sessionGeneration += 1
            settled(notice: nil)
            state = .signedIn(account, verified: true)
            keepSession(account, token: token)
            reportOutcome()
        } catch {
            signInError = error.description
            reportOutcome()
        }
    }

    /// Signs out: revokes the token on the service (best effort) and removes it from this device.
    public func signOut() async {
        guard startRequest(for: nil) else { return }
        await performSignOut()
    }

    private func performSignOut() async {
        defer { isWorking = false }
        sessionGeneration += 1
        settled(notice: nil)
        if let token = try? tokens.token() {
            do {
                try await server.signOut(token: token)
            } catch {
                logger.info("The service could not revoke the session: \(error.description, privacy: .public)")
            }
        }
        clearToken()
        keepSession(nil)
        state = .signedOut
        reportOutcome()
    }

    /// Starts a request for `username`'s account (`nil`: signed out) unless one is in flight,
    /// reporting what it asks for. Returns whether it started.
    private func startRequest(for username: String?) -> Bool {
        guard !isWorking else { return false }
        isWorking = true
        history?.edit(Self.historyName, text: username, persistence: .requested)
        return true
    }

    /// Reports the account a request ended with (it may have failed or been abandoned), saved
    /// when the secret store holds a token exactly when an account is signed in.
    private func reportOutcome() {
        guard let history else { return }
        let username = state.account?.username
        history.edit(Self.historyName, text: username, persistence: .requested)
        if ((try? tokens.token()) != nil) == (username != nil) { history.didSave(Self.historyName, text: username) }
    }

    private func clearToken() {
        do {
            try tokens.clear()
        } catch {
            logger.error("The session token could not be removed: \(error.description, privacy: .public)")
        }
    }
}
