import Lifecycle
import Observation

/// The basket screen of one window: the shared ``BorrowingBasket`` and this window's highlighted
/// row.
///
/// Created by its ``WindowModel`` when the screen is pushed (screen lifetime); lives on the main
/// actor.
@Observable
@MainActor
public final class BasketViewModel {
    /// The shared basket.
    public let basket: BorrowingBasket
    /// The highlighted row.
    public private(set) var highlightedIndex = 0

    /// Creates the screen's model.
    public init(basket: BorrowingBasket) {
        self.basket = basket
    }

    /// The books in the basket.
    public var items: [BasketItem] { basket.items }

    /// Moves the highlight by `delta` rows, clamped.
    public func moveHighlight(by delta: Int) {
        guard !items.isEmpty else { return }
        highlightedIndex = min(max(highlightedIndex + delta, 0), items.count - 1)
    }

    /// The highlighted book, if any.
    public var highlightedItem: BasketItem? {
        items.indices.contains(highlightedIndex) ? items[highlightedIndex] : items.last
    }

    /// Removes the highlighted book.
    public func removeHighlighted() {
        guard let item = highlightedItem else { return }
        basket.remove(item.id)
        highlightedIndex = min(highlightedIndex, max(items.count - 1, 0))
    }
}
