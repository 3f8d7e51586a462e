import DurableState
import Lifecycle
import LifelineHistory
import Observation

/// The note editor of one book in one window: the shared ``NoteDraft`` (text and save indicator)
/// and the book's title. Typing goes to the draft at once, which saves after meaningful edits, so
/// the editor itself holds nothing that a kill could lose.
///
/// Created by its ``WindowModel`` when the editor is pushed (screen lifetime); lives on the main
/// actor.
@Observable
@MainActor
public final class NoteEditorViewModel: VisibleValues {
    /// The book whose note is edited.
    public let bookID: BookID
    /// The draft, shared with every window on this book.
    public let draft: NoteDraft
    /// The book's record, for the title.
    public private(set) var book: LoadState<Book> = .idle

    /// What was typed and not handed to the draft: only with the planted
    /// ``CampusBug/noteEditorSavesInDeinit``, which keeps it until the editor is deallocated.
    private var heldText: String?

    @ObservationIgnored private let catalogue: LibraryCatalogue
    @ObservationIgnored private let scope: TaskScope
    @ObservationIgnored private let savesOnlyInDeinit: Bool

    /// Creates the editor's model over `draft`.
    public convenience init(bookID: BookID, draft: NoteDraft, catalogue: LibraryCatalogue, scope: TaskScope) {
        self.init(bookID: bookID, draft: draft, catalogue: catalogue, scope: scope, bugs: [])
    }

    /// Creates the editor's model over `draft`, with `bugs` planted.
    package init(bookID: BookID, draft: NoteDraft, catalogue: LibraryCatalogue, scope: TaskScope, bugs: Set<CampusBug>) {
        self.bookID = bookID
        self.draft = draft
        self.catalogue = catalogue
        self.scope = scope
        self.savesOnlyInDeinit = bugs.contains(.noteEditorSavesInDeinit)
    }

    isolated deinit {
        if let heldText { draft.edit(heldText) }
    }

    /// The note the editor shows, once the draft is readable (``NoteDraft/historyName(of:)``),
    /// over what the draft holds: the student edits it here.
    public var visibleValues: [VisibleValue] {
        isEditable ? [
            VisibleValue(NoteDraft.historyName(of: bookID), showing: text, heldByModel: draft.text, saysSaved: draft.saveState == .saved)
        ] : []
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

    /// The text being edited, as the editor shows it.
    public var text: String { heldText ?? draft.text }

    /// Whether the editor accepts typing (the stored note has been read).
    public var isEditable: Bool { draft.isHydrated }

    /// Appends typed or pasted text; text the note could not store is refused (the draft's
    /// `refusal` says why) and the editor keeps showing what it showed.
    public func type(_ characters: String) {
        guard savesOnlyInDeinit else {
            draft.append(characters)
            return
        }
        replaceText(text + characters)
    }

    /// Starts a new line.
    public func newline() {
        type("\n")
    }

    /// Deletes the last character.
    public func deleteBackward() {
        guard !text.isEmpty else { return }
        replaceText(String(text.dropLast()))
    }

    /// Replaces the whole text.
    public func replaceText(_ text: String) {
        guard savesOnlyInDeinit else {
            draft.edit(text)
            return
        }
        guard draft.isHydrated else { return }
        heldText = text
    }
}
