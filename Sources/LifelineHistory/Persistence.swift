/// What a value promises across process deaths, and so how the lifecycle simulator checks it.
///
/// A value, `Sendable`. The storage primitives choose one themselves (DurableState's
/// `PersistentValue`, `DocumentStore`, `Preferences` and `Database` record `durable` values,
/// `RestorationStore` `restorable` ones); ``HistoryRecording/key(_:scene:persistence:)``
/// overrides it.
public enum Persistence: Sendable, Hashable {
    /// Saved data: no acknowledged edit may be lost, an unacknowledged one is whole or absent.
    case durable
    /// Best-effort state (a selection kept nowhere): while the process lives the screen must show
    /// the user's latest edit; after a death any earlier value or nothing is allowed, and only a
    /// leak or a phantom is a violation.
    case ephemeral
    /// A scene's restoration state, kept by the system with the scene's session: an edit is
    /// acknowledged once the scene has entered the background or disconnected and the app has
    /// settled (iOS may end the process without a word from then on), when the simulator
    /// captures the scene's restoration payload, or when the app saves it (`RestorationStore`);
    /// never by the inactive rule. After a relaunch the scene shows the saved value or a later
    /// one; absent only when the saved state was damaged.
    case restorable
    /// A value the app saves by a request to its service (a sign-in): checked like `durable` after
    /// a relaunch, but acknowledged only when the app says so (or by the liveness wait), never by
    /// the inactive rule — going inactive flushes writes, it does not complete a request in flight.
    /// While the request is in flight the screen may show the value before it (a request can fail
    /// or be abandoned), so the edit is not one the screen must show at once.
    case requested
}
