import DurableState
import Lifecycle
import Observation

/// The profile screen: the sign-in form, the signed-in account, sign-out and the analytics consent.
/// The password field's text is held only here, for this screen's lifetime, and is never restored.
///
/// Created by its ``WindowModel`` when the screen is pushed (screen lifetime); lives on the main
/// actor. A sign-in or sign-out it starts runs in the application's scope: it completes even if
/// the screen is closed first.
@Observable
@MainActor
public final class ProfileViewModel {
    /// A field of the sign-in form.
    public enum Field: Hashable, Sendable {
        /// The account name.
        case username
        /// The password (never shown).
        case password
    }

    /// The name typed in the form.
    public private(set) var username = ""
    /// The field that receives typing.
    public private(set) var focusedField: Field = .username
    @ObservationIgnored private var password = ""
    /// Number of password characters typed, for the masked field.
    public private(set) var passwordLength = 0

    /// The shared authentication service.
    public let auth: AuthenticationService
    /// The shared analytics service (for the consent switch).
    public let analytics: AnalyticsService

    /// Creates the screen's model.
    public init(auth: AuthenticationService, analytics: AnalyticsService) {
        self.auth = auth
        self.analytics = analytics
    }

    /// Types into the focused field.
    public func type(_ characters: String) {
        switch focusedField {
        case .username: username = String((username + characters).prefix(32))
        case .password:
            password = String((password + characters).prefix(128))
            passwordLength = password.count
        }
    }

    /// Deletes the last character of the focused field.
    public func deleteBackward() {
        switch focusedField {
        case .username: username = String(username.dropLast())
        case .password:
            password = String(password.dropLast())
            passwordLength = password.count
        }
    }

    /// Moves focus to the other field.
    public func switchField() {
        focusedField = focusedField == .username ? .password : .username
    }

    /// Submits the form: Return in the name field moves to the password; in the password field it
    /// signs in.
    public func submit() {
        guard focusedField == .password else {
            focusedField = .password
            return
        }
        let name = username
        let secret = Secret(password)
        password = ""
        passwordLength = 0
        auth.beginSignIn(username: name, password: secret)
    }

    /// Fills the form and signs in (for scripted use and the simulator).
    public func signIn(username: String, password: String) {
        self.username = username
        self.password = password
        focusedField = .password
        submit()
    }

    /// Signs out.
    public func signOut() {
        auth.beginSignOut()
    }

    /// Grants or withdraws analytics consent.
    public func toggleConsent() {
        analytics.setConsent(!(analytics.consent ?? false))
    }
}
