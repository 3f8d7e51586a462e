/// Where an app's stores report what the user edited, what is saved and what they read back,
/// when they run on a simulated device: the lifecycle simulator's history of each value the user
/// sees.
///
/// ```swift
/// // Custom storage, reporting by hand (DurableState's stores do this themselves):
/// let history = environment.storage.history               // nil outside a simulation
/// history?.willSave("todo", text: todo.title, persistence: .durable)
/// try myStore.write(todo)                                // the app's own storage
/// history?.didSave("todo", text: todo.title)             // the app may now say "Saved"
/// ```
///
/// DurableState's `StorageEnvironment` carries it to every store: the simulator gives each
/// process it launches one holding its history, a device's holds `nil`, so there every report is
/// one `nil` check. `PersistentValue` (an edit when set, acknowledged when it says saved),
/// `DocumentStore`, `Preferences` and `RestorationStore` (an edit before each save, acknowledged
/// once it returned) and `Database` (the changes a transaction names with `recordChange`,
/// acknowledged at commit) report without the app's help, and the first three report what they
/// loaded; ``HistoryRecording`` names the value or turns reporting off.
///
/// Values are texts (``HistoryText``): what the screen shows of the value, `nil` for nothing.
/// Calls from a process the simulator has killed are ignored. Implemented by the simulator's
/// `HistoryRecorder`, one per process; lives on the main actor.
@MainActor
public protocol StorageHistory: AnyObject, Sendable {
    /// Records that the user (or the app on the user's behalf) set `key` to `text`: the screen
    /// must show it from now on, until the next edit.
    func edit(_ key: HistoryKey, text: String?, persistence: Persistence)

    /// Records that `text` of `key` is about to be written: an edit, unless `text` is already
    /// the newest value recorded for `key` (the user's edit the screen reported). Call it before
    /// the first write, so that a death in the middle of the save leaves it indeterminate.
    func willSave(_ key: HistoryKey, text: String?, persistence: Persistence)

    /// Records that `text` of `key` is saved with the promise of its persistence: the app may now
    /// tell the user so, and it must survive every later death. Acknowledging a text this
    /// process never recorded does nothing.
    func didSave(_ key: HistoryKey, text: String?)

    /// Records that the save of `text` of `key` failed and left the stored value as it was (the
    /// disk full, say): the app may keep showing `text` and save it later, or go back to the
    /// value before, so the screen need not show `text` from now on; the edit stays unsaved.
    func didFailToSave(_ key: HistoryKey, text: String?)

    /// Records what `key` shows when nothing is stored (the primitive's default value): the
    /// history treats that text as nothing, so a screen showing the default before any edit is
    /// not a phantom.
    func setDefault(_ key: HistoryKey, text: String?)

    /// Records that `text` of `key` is what the storage held when the app read it (at launch,
    /// say): the simulator checks it against the history at once, as if a screen showed it, so
    /// a value lost in an earlier process is found even when no screen shows it. A value this
    /// process already edited is not checked (what it read is no longer what the user sees).
    func didLoad(_ key: HistoryKey, text: String?)
}
