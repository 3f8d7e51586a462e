import Lifecycle

/// Renders the note editor: the book's title, the save indicator and the wrapped text with the
/// cursor at its end. A pure function of the view model's state. A namespace.
public enum NoteEditorView {
    /// The screen's body in `width` × `height` cells, and the cursor's position.
    @MainActor
    public static func render(_ model: NoteEditorViewModel, width: Int, height: Int) -> (lines: [String], cursor: Frame.Cursor?) {
        let title = model.book.value?.title ?? model.bookID.rawValue
        var lines = [TextLayout.spread(" Note on “\(title)”", "[\(indicator(model.draft.saveState))] ", width: width), ""]
        switch model.draft.hydration {
        case .idle, .loading:
            lines.append(" Reading the saved note…")
            return (lines, nil)
        case .failed(let error), .unavailable(let error):
            lines.append(" The saved note could not be read (\(error)); editing is disabled.")
            return (lines, nil)
        case .loaded, .notFound:
            break
        }
        if let message = model.draft.recoveryMessage {
            lines += TextLayout.wrap("⚠ " + message, width: max(width - 2, 1)).map { " " + $0 }
            lines.append("")
        }
        if let refusal = model.draft.refusal {
            lines += TextLayout.wrap("✗ " + refusal, width: max(width - 2, 1)).map { " " + $0 }
            lines.append("")
        }
        let textWidth = max(width - 2, 1)
        var body = TextLayout.wrap(model.text, width: textWidth)
        if body.last?.count == textWidth { body.append("") }
        let visible = max(height - lines.count, 1)
        let shown = body.suffix(visible)
        let cursorRow = lines.count + shown.count - 1
        let cursorColumn = 1 + (shown.last?.count ?? 0)
        lines += shown.map { " " + $0 }
        return (lines, Frame.Cursor(row: cursorRow, column: min(cursorColumn, width - 1)))
    }

    /// The indicator text of a save state.
    public static func indicator(_ state: SaveState) -> String {
        switch state {
        case .saved: "✓ saved"
        case .pending, .saving: "… saving"
        case .failed(let reason): "✗ not saved: \(reason)"
        }
    }
}
