@testable import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import LifelineTestSupport
import Testing

/// The account is custom storage (the library service and the secret store): the service reports
/// each request and its outcome to a simulation's history itself.
@Suite("AuthenticationService's history")
@MainActor
struct AuthenticationHistoryTests {
    /// A launched app, and a second authentication service over its server and secret store that
    /// reports to a recording history.
    private static func service() throws -> (app: TestApp, auth: AuthenticationService, history: RecordingHistory) {
        let app = try TestApp()
        try app.launch()
        let history = RecordingHistory()
        let auth = AuthenticationService(
            server: app.server, tokens: SessionTokenStore(secrets: app.secrets), preferences: app.services.preferences,
            clock: app.clock, scope: app.runtime.applicationScope, logger: app.services.logger, history: history
        )
        return (app, auth, history)
    }

    @Test("a sign-in is a requested edit when it starts; the account it ends with is saved once the token is stored")
    func signInAndOut() async throws {
        let (_, auth, history) = try Self.service()
        await auth.signIn(username: "ada", password: Secret("analytical"))
        #expect(history.log == [#"edit account = "ada" (requested)"#, #"edit account = "ada" (requested)"#, #"saved account = "ada""#])
        await auth.signOut()
        #expect(history.log.suffix(3) == ["edit account = nil (requested)", "edit account = nil (requested)", "saved account = nil"])
    }

    @Test("a sign-in the service refuses ends with the account shown before it, and that is saved")
    func refusedSignIn() async throws {
        let (_, auth, history) = try Self.service()
        await auth.signIn(username: "ada", password: Secret("wrong"))
        #expect(auth.state.account == nil)
        #expect(history.log == [#"edit account = "ada" (requested)"#, "edit account = nil (requested)", "saved account = nil"])
    }

    @Test("signed in, but the secret store cannot read the token back (a locked keychain): the outcome is shown, not saved")
    func tokenNotStored() async throws {
        let (app, auth, history) = try Self.service()
        app.secrets.failsReads = true
        await auth.signIn(username: "ada", password: Secret("analytical"))
        #expect(auth.state.account?.username == "ada")
        #expect(history.log == [#"edit account = "ada" (requested)"#, #"edit account = "ada" (requested)"#])
    }
}
