import Lifecycle

/// Renders the borrowing basket with the highlighted row. A pure function of the view model's
/// state. A namespace.
public enum BasketView {
    /// The screen's body in `width` × `height` cells.
    @MainActor
    public static func render(_ model: BasketViewModel, width: Int, height: Int) -> [String] {
        var lines = [" Borrowing basket", ""]
        switch model.basket.hydration {
        case .failed, .unavailable: lines.append(" (The saved basket could not be loaded; changes are kept for this session.)")
        case .loading: lines.append(" Loading…")
        case .idle, .loaded, .notFound: break
        }
        let items = model.items
        if items.isEmpty {
            lines.append(" Your basket is empty. Open a book and press a to add it.")
            return lines
        }
        let highlighted = model.highlightedItem?.id
        lines += SearchView.rows(
            items.map(\.book), highlighted: items.firstIndex { $0.id == highlighted }, width: width,
            height: max(height - lines.count, 1)
        )
        return lines
    }
}
