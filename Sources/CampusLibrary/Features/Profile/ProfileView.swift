import Lifecycle

/// Renders the profile: the sign-in form (the password masked) or the signed-in account, and the
/// analytics consent. A pure function of the view model's state. A namespace.
public enum ProfileView {
    /// The screen's body in `width` × `height` cells, and the cursor's position in the form.
    @MainActor
    public static func render(_ model: ProfileViewModel, width: Int, height: Int) -> (lines: [String], cursor: Frame.Cursor?) {
        var lines = [" Profile", ""]
        var cursor: Frame.Cursor?
        if let notice = model.auth.sessionNotice {
            lines += TextLayout.wrap("⚠ " + notice, width: max(width - 2, 1)).map { " " + $0 }
            lines.append("")
        }
        switch model.auth.state {
        case .restoring:
            lines.append(" Checking your session…")
        case .signedIn(let account, _):
            lines.append(" Signed in as \(account.displayName) (\(account.username))")
            lines.append(" Your session token is kept in \(model.auth.tokenLocation).")
        case .signedOut:
            lines.append(" Sign in to borrow books.")
            lines.append("")
            let name = " Name:     " + model.username
            let password = " Password: " + String(repeating: "•", count: model.passwordLength)
            lines.append((model.focusedField == .username ? ">" : " ") + name)
            lines.append((model.focusedField == .password ? ">" : " ") + password)
            let row = model.focusedField == .username ? lines.count - 2 : lines.count - 1
            let column = 1 + (model.focusedField == .username ? name.count : password.count)
            cursor = Frame.Cursor(row: row, column: min(column, width - 1))
            if model.auth.isWorking { lines.append(" Signing in…") }
            if let error = model.auth.signInError { lines.append(" \(error)") }
            lines.append("")
            lines.append(" Accounts: ada / analytical, student / library;")
            lines.append(" a new name with a password of 6+ characters registers.")
        }
        lines.append("")
        let consent = switch model.analytics.consent {
        case .some(true): "on"
        case .some(false): "off"
        case .none: "not asked yet (off)"
        }
        lines.append(" Anonymous usage analytics: \(consent)")
        return (lines, cursor)
    }
}
