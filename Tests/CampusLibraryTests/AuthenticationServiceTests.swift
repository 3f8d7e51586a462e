@testable import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import Testing

@Suite("AuthenticationService")
@MainActor
struct AuthenticationServiceTests {
    @Test("is restoring until the launch-time verification returns, and the gate stays closed meanwhile")
    func restoringUntilVerified() async throws {
        let app = try TestApp()
        app.server.latency = .milliseconds(200)
        try app.secrets.setSecret(Secret("token-x"), for: SessionTokenStore.key)
        try app.launch()
        #expect(app.services.auth.state == .restoring)
        #expect(app.composition.isLaunchGateClosed)
        await app.advance(by: .milliseconds(200))
        #expect(app.services.auth.state == .signedOut)
        #expect(!app.composition.isLaunchGateClosed)
    }

    @Test("a valid stored token is verified with the service and the account is signed in")
    func validTokenSignsIn() async throws {
        let first = try TestApp()
        try first.launch()
        await first.services.auth.signIn(username: "ada", password: Secret("analytical"))
        #expect(first.services.auth.state.account?.username == "ada")
        let second = try first.relaunch()
        try second.launch()
        #expect(second.services.auth.state == .signedIn(Account(username: "ada", displayName: "Ada"), verified: true))
    }

    @Test("a rejected token is cleared from the secret store, and the student is signed out and told so")
    func rejectedTokenIsCleared() async throws {
        let first = try TestApp()
        try first.launch()
        await first.services.auth.signIn(username: "ada", password: Secret("analytical"))
        first.server.revokeSessions(of: "ada")
        let second = try first.relaunch()
        try second.launch()
        #expect(second.services.auth.state == .signedOut)
        #expect(first.secrets.secrets[SessionTokenStore.key] == nil)
        #expect(second.services.auth.sessionNotice == "The library service ended your session; sign in again.")
    }

    @Test("an unreachable service keeps the token and shows the last account as signed in offline")
    func unreachableKeepsToken() async throws {
        let first = try TestApp()
        try first.launch()
        await first.services.auth.signIn(username: "student", password: Secret("library"))
        first.server.isReachable = false
        let second = try first.relaunch()
        try second.launch()
        #expect(second.services.auth.state == .signedIn(Account(username: "student", displayName: "Student"), verified: false))
        #expect(first.secrets.secrets[SessionTokenStore.key] != nil)
    }

    @Test("the token lives only in the secret store, never in a plain file")
    func tokenOnlyInSecretStore() async throws {
        let app = try TestApp()
        try app.launch()
        await app.services.auth.signIn(username: "ada", password: Secret("analytical"))
        #expect(app.secrets.secrets[SessionTokenStore.key] == Secret("token-1"))
        for path in app.fileSystem.allFiles {
            let text = String(decoding: app.fileSystem.contents(path) ?? Data(), as: UTF8.self)
            #expect(!text.contains("token-1"), "the token leaked into \(path)")
            #expect(!text.contains("analytical"), "the password leaked into \(path)")
        }
    }

    @Test("a wrong password is refused with a message and nothing is stored")
    func wrongPassword() async throws {
        let app = try TestApp()
        try app.launch()
        await app.services.auth.signIn(username: "ada", password: Secret("wrong"))
        #expect(app.services.auth.state == .signedOut)
        #expect(app.services.auth.signInError == AccountServerError.invalidCredentials.description)
        #expect(app.secrets.secrets.isEmpty)
    }

    @Test("signing out revokes the session on the service and removes the token")
    func signOut() async throws {
        let app = try TestApp()
        try app.launch()
        await app.services.auth.signIn(username: "ada", password: Secret("analytical"))
        await app.services.auth.signOut()
        #expect(app.services.auth.state == .signedOut)
        #expect(app.secrets.secrets.isEmpty)
        await #expect(throws: AccountServerError.unauthorized) {
            try await app.server.currentUser(token: Secret("token-1"))
        }
    }
}
