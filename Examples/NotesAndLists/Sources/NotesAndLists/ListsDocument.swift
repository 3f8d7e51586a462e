import DurableState
import Lifecycle
import LifelineHistory

/// The names of the user's lists, in one document saved durably on every change. Owned by
/// ``NotesApp``; main actor.
@MainActor
public final class ListsDocument {
    /// The lists, oldest first.
    public private(set) var names: [String]
    private let store: DocumentStore<[String]>

    init(environment: NotesEnvironment) {
        // `history: .key("lists")`: the name the lists screen shows them under.
        store = DocumentStore(
            storage: environment.storage, path: environment.directory + "/lists.json", defaultValue: [],
            clock: environment.clock, logger: environment.logger, history: .key("lists"))
        names = store.load().value
    }

    /// Adds a list named `name` and saves; returns whether it is saved (a failure changes
    /// nothing).
    @discardableResult
    func add(_ name: String) -> Bool {
        let updated = names + [name]
        do {
            try store.save(updated)
        } catch {
            return false
        }
        names = updated
        return true
    }
}
