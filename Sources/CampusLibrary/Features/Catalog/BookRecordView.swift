import Lifecycle

/// Renders a book record: title, authors, year, subjects (when it has any), basket and reading
/// list status and the start of the note; or why the record is not shown. A pure function of the view model's state.
/// A namespace.
public enum BookRecordView {
    /// What the screen says while the catalogue cannot answer.
    public static let unavailableMessage = "The catalogue is offline; this book will load when it is back."

    /// The screen's body in `width` × `height` cells.
    @MainActor
    public static func render(_ model: BookRecordViewModel, width: Int, height: Int) -> [String] {
        switch model.record {
        case .idle, .loading:
            return [" Loading the record…"]
        case .notFound:
            return [" \(BookRecordViewModel.Failure.notFound(model.bookID))", "", " Press Esc to go back."]
        case .unavailable:
            return [" \(unavailableMessage)", "", " Press Esc to go back."]
        case .failed(let error):
            return [" \(error)", "", " Press Esc to go back."]
        case .loaded(let book):
            var lines = TextLayout.wrap(book.title, width: width - 2).map { " " + $0 }
            lines.append("")
            lines.append(" by " + (book.authors.isEmpty ? "unknown" : book.authors.joined(separator: ", ")))
            lines.append(" first published " + (book.year.map(String.init) ?? "in an unknown year"))
            if !book.subjects.isEmpty { lines.append(" subjects: " + book.subjects.joined(separator: "; ")) }
            lines.append(" id: \(book.id)")
            lines.append("")
            lines.append(model.isInBasket ? " ✓ In your borrowing basket" : " Not in your basket")
            if let entry = model.readingListEntry {
                lines.append(" ✓ On your reading list: \(entry.status) since \(ReadingListView.day(entry.since))")
            } else {
                lines.append(" Not on your reading list")
            }
            lines.append("")
            let note = model.noteText
            lines.append(" Note (\(model.noteSaveState)):")
            let preview = note.isEmpty ? ["   (no note yet)"] : TextLayout.wrap(note, width: width - 4).map { "   " + $0 }
            lines += preview.prefix(max(height - lines.count, 1))
            return lines
        }
    }
}
