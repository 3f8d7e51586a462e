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
            .noRecordCreatedEmpty { $0.server.createdRecords },
            AppInvariant(name: "window state") { $0.windowProblem },
            .restorableIdsSurviveTransientFailures { $0.watchedCatalogue.dropped },
            .signedInSurvivesProtectedData { [$0.session] },
            .nothingSavedOverUnreadData { incarnation in
                incarnation.composition.services.arrivals.shelfWrites.map { StoreWrite(store: $0.path, lastLoad: $0.lastLoad) }
            },
        ]
    }

    /// The stored session as the locked device's invariant sees it: the token read past its
    /// protection class (the simulator's keychain), what the app shows, and whether its restore
    /// is over (not while it waits to check a kept session again). The keychain is read only
    /// when the answer matters (a settled session shown signed out): a read takes device time.
    var session: SessionState {
        let auth = composition.services.auth
        let showsSignedIn = auth.state.account != nil
        let isSettled = !auth.isRestoringSession && !auth.isWorking && !auth.awaitsVerification
        return SessionState(
            account: auth.state.account?.username ?? "the stored session's account",
            tokenStored: isSettled && !showsSignedIn && (try? tokens.token()) != nil,
            showsSignedIn: showsSignedIn, isSettled: isSettled
        )
    }

    /// Signed in ⇔ the token is in the secret store (the canary checks it is nowhere else). Once the
    /// launch gate has opened, a signed-out app has no stored token left, unless it could not
    /// check one and says so (it keeps it to check again).
    var tokenPlacementProblem: String? {
        let auth = composition.services.auth
        guard !auth.isRestoringSession, !auth.isWorking else { return nil }
        // An unreadable store is the app's logged failure, not a placement problem.
        guard let stored = try? tokens.token() != nil else { return nil }
        switch auth.state {
        case .signedOut where stored && auth.sessionNotice == nil:
            return "signed out, but a session token is still in the secret store and nothing says why"
        case .signedIn where !stored && auth.signInError == nil:
            return "signed in, but no session token is in the secret store and no error says so"
        default:
            return nil
        }
    }

    /// The shopping-cart rules: hydrated only after the catalogue, identifiers of catalogue books
    /// (bundled or remote), each once, and what the service saw.
    var basketProblem: String? {
        let basket = composition.services.basket
        if let broken = server.ruleBreaks.first { return broken }
        if basket.isHydrated, !composition.services.catalogue.isLoaded { return "the basket hydrated before the catalogue loaded" }
        let ids = basket.items.map(\.id)
        if Set(ids).count != ids.count { return "the basket holds a book twice: \(ids)" }
        if let stray = ids.first(where: { !Self.bookIDs.contains($0) }) { return "the basket holds \(stray), which is not in the catalogue" }
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
}
