import Lifecycle

/// Renders the search screen: the field, then the results (or the new-arrivals shelf) with the
/// selected row marked. A pure function of the view model's state. A namespace.
public enum SearchView {
    /// The screen's body in `width` × `height` cells, and the cursor's position in the field.
    @MainActor
    public static func render(_ model: SearchViewModel, width: Int, height: Int) -> (lines: [String], cursor: Frame.Cursor) {
        let prompt = " Search: "
        var lines = [prompt + model.query, ""]
        let cursor = Frame.Cursor(row: 0, column: min(prompt.count + model.query.count, width - 1))
        let listHeight = max(height - 3, 1)
        if model.isShowingArrivals {
            let books = model.books
            lines.append(books.isEmpty ? " Type to search the catalogue." : " New arrivals")
            lines += rows(books, highlighted: model.highlightedIndex, width: width, height: listHeight)
            return (lines, cursor)
        }
        switch model.results {
        case .idle, .loading:
            lines.append(" Searching…")
        case .failed(let error), .unavailable(let error):
            lines.append(" The search failed: \(error)")
        case .notFound, .loaded([]):
            lines.append(" No books match “\(model.query)”.")
        case .loaded(let books):
            lines.append(" \(books.count == 50 ? "50+" : String(books.count)) result\(books.count == 1 ? "" : "s")")
            lines += rows(books, highlighted: model.highlightedIndex, width: width, height: listHeight)
        }
        return (lines, cursor)
    }

    /// List rows, scrolled so that the highlighted one is visible.
    static func rows(_ books: [Book], highlighted: Int?, width: Int, height: Int) -> [String] {
        guard !books.isEmpty else { return [] }
        let first = max(0, min((highlighted ?? 0) - height + 1, books.count - height))
        return books.indices.dropFirst(first).prefix(height).map { index in
            (index == highlighted ? " ▸ " : "   ") + TextLayout.byline(of: books[index], width: width - 3)
        }
    }
}
