import DurableState
import Lifecycle

/// Ready-made invariants for the locked device (``SimulationOptions/deviceLocks``): data its
/// protection class keeps closed is "unavailable now", never "none".
extension AppInvariant {
    /// *A signed-in user stays signed in while the device is locked*: once the app has settled
    /// its session, a user whose token is still in the keychain is shown signed in. An app that
    /// reads "the keychain cannot be read now" (a prewarmed launch before the first unlock, a
    /// background refresh with a when-unlocked item: `SecretStoreError.protectedDataUnavailable`)
    /// as "no token" signs its user out — and often deletes the token too.
    ///
    /// `sessions` lists the sessions the app knows of (the user's account, whether the keychain
    /// holds its token, what the app shows).
    public static func signedInSurvivesProtectedData(
        _ sessions: @escaping @MainActor @Sendable (Incarnation) -> [SessionState]
    ) -> AppInvariant {
        AppInvariant(name: "signed-in users stay signed in while protected data is unavailable") { incarnation in
            for session in sessions(incarnation) where session.isSettled && session.tokenStored && !session.showsSignedIn {
                return "\(session.account) is shown signed out while its token is still in the keychain: "
                    + "a token that could not be read now was taken for none"
            }
            return nil
        }
    }

    /// *Nothing is saved over data that was not read*: the app writes a store only after its
    /// last load read it (or found nothing stored). A load that met a file kept closed by its
    /// protection class (`LoadOutcome.unavailableNow`), or an unreadable one, returned a default
    /// that is not the user's data; saving it replaces their data with it. DurableState's stores
    /// refuse such a save themselves; storage of the app's own reports its writes here.
    ///
    /// `writes` lists the writes the app made in this process, oldest first.
    public static func nothingSavedOverUnreadData(
        _ writes: @escaping @MainActor @Sendable (Incarnation) -> [StoreWrite]
    ) -> AppInvariant {
        AppInvariant(name: "nothing saved over data that was not read") { incarnation in
            for write in writes(incarnation) where write.lastLoad.isUnreadable {
                let why = write.lastLoad.unavailableNow.map { "its protection class kept it closed (\($0.protection), the device \($0.deviceState.map { "\($0)" } ?? "locked"))" }
                    ?? "it could not be read"
                return "\(write.store) was written after a load that did not read it: \(why)"
            }
            return nil
        }
    }
}
