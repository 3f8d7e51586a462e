import Lifecycle
import Observation

/// The note editor of one book in one window: the shared ``NoteDraft`` (text and save indicator)
/// and the book's title. Typing goes to the draft, which saves after meaningful edits.
///
/// Created by its ``WindowModel`` when the editor is pushed (screen lifetime); lives on the main
/// actor.
@Observable
@MainActor
public final class NoteEditorViewModel {
    /// The book whose note is edited.
    public let bookID: BookID
    /// The draft, shared with every window on this book.
    public let draft: NoteDraft
    /// The book's record, for the title.
    public private(set) var book: LoadState<Book> = .idle

    @ObservationIgnored private let catalogue: LibraryCatalogue
    @ObservationIgnored private let scope: TaskScope

    /// Creates the editor's model over `draft`.
    public init(bookID: BookID, draft: NoteDraft, catalogue: LibraryCatalogue, scope: TaskScope) {
        self.bookID = bookID
        self.draft = draft
        self.catalogue = catalogue
        self.scope = scope
    }

    /// Loads the book's record for the title.
    public func load() {
        guard book.value == nil, !book.isLoading else { return }
        book = .loading
        catalogue.whenLoaded { [weak self] in
            guard let self else { return }
            self.scope.task("note title") { [catalogue, bookID] in
                guard let book = try await catalogue.book(bookID) else {
                    throw BookRecordViewModel.Failure.notFound(bookID)
                }
                return book
            } apply: { [weak self] result in
                self?.book = LoadState(result)
            }
        }
    }

    /// The text being edited.
    public var text: String { draft.text }

    /// Whether the editor accepts typing (the stored note has been read).
    public var isEditable: Bool { draft.isHydrated }

    /// Appends typed text.
    public func type(_ characters: String) {
        draft.edit(draft.text + characters)
    }

    /// Starts a new line.
    public func newline() {
        draft.edit(draft.text + "\n")
    }

    /// Deletes the last character.
    public func deleteBackward() {
        guard !draft.text.isEmpty else { return }
        draft.edit(String(draft.text.dropLast()))
    }

    /// Replaces the whole text.
    public func replaceText(_ text: String) {
        draft.edit(text)
    }
}
