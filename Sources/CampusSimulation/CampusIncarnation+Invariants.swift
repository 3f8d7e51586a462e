import CampusLibrary
import DurableState
import Lifecycle
import LifecycleSimulator

/// The app's own invariants, checked after every step while the process runs (the history checks
/// what survives a relaunch; these check what must hold at every moment).
extension CampusIncarnation {
    static var invariants: [AppInvariant<CampusIncarnation>] {
        [
            AppInvariant(name: "token placement") { $0.tokenPlacementProblem },
            AppInvariant(name: "basket rules") { $0.basketProblem },
            AppInvariant(name: "notes indicator") { $0.notesIndicatorProblem },
            AppInvariant(name: "window state") { $0.windowProblem },
        ]
    }

    /// Signed in ⇔ the token is in the secret store (the canary checks it is nowhere else). Once the
    /// launch gate has opened, a signed-out app has no stored token left to verify.
    var tokenPlacementProblem: String? {
        let auth = composition.services.auth
        guard !auth.isRestoringSession, !auth.isWorking else { return nil }
        let stored: Bool
        do {
            stored = try tokens.token() != nil
        } catch {
            return nil   // an unreadable store is the app's logged failure, not a placement problem
        }
        switch auth.state {
        case .signedOut where stored:
            return "signed out, but a session token is still in the secret store"
        case .signedIn where !stored && auth.signInError == nil:
            return "signed in, but no session token is in the secret store and no error says so"
        default:
            return nil
        }
    }

    /// The shopping-cart rules: hydrated only after the catalogue, identifiers of catalogue books,
    /// each once, and what the service saw.
    var basketProblem: String? {
        let services = composition.services
        let basket = services.basket
        if let broken = server.ruleBreaks.first { return broken }
        if basket.isHydrated, !services.catalogue.isLoaded { return "the basket hydrated before the catalogue loaded" }
        let ids = basket.items.map(\.id)
        if Set(ids).count != ids.count { return "the basket holds a book twice: \(ids)" }
        if let stray = ids.first(where: { Self.bookIDs.contains($0) == false }) { return "the basket holds \(stray), which is not in the catalogue" }
        return nil
    }

    /// A draft that says saved has nothing left to write.
    var notesIndicatorProblem: String? {
        for id in Self.noteBooks {
            let draft = composition.services.notes.draft(for: id)
            if draft.saveState == .saved, draft.hasUnsavedChanges { return "the note on \(id) says saved with an edit not written" }
        }
        return nil
    }

    /// Each window is registered under its own scene and keeps a restorable stack.
    var windowProblem: String? {
        for (id, window) in composition.windows {
            if window.sessionID != id { return "window \(window.sessionID) is registered under scene \(id)" }
            if window.navigation.path.count > WindowState.maximumPathLength {
                return "window \(id) holds \(window.navigation.path.count) screens, more than restoration keeps"
            }
        }
        return nil
    }

    static let bookIDs = Set(books.map(\.id))
}
