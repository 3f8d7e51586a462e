/// Where one window's book list is scrolled: to the selected book's row whenever the window
/// resigns active, and to a restored book's row (with its price in the header) when the window
/// is restored. The view model of two planted traps: with ``PlantedBug/staleSelectionRow`` it
/// keeps the selected row's index instead of the book, and reads that row after a book was
/// deleted (`Index out of range`); with ``PlantedBug/restoredBookForceUnwrapped`` it force-unwraps
/// the restored book's price, which a deleted book does not have (`Unexpectedly found nil`).
///
/// Created and owned by its ``ExampleSceneController`` (scene lifetime); main actor.
@MainActor
final class ExampleListScroller {
    private let bugs: Set<PlantedBug>
    /// The selected book, or with ``PlantedBug/staleSelectionRow`` its row when it was chosen.
    private var selected: (book: String, row: Int)?
    /// The row at the top of the list.
    private(set) var topRow = 0
    /// The price the header shows for a restored book.
    private(set) var restoredPrice: Int?

    init(bugs: Set<PlantedBug>) {
        self.bugs = bugs
    }

    /// Remembers `book`, chosen in the list of `ids`.
    func didSelect(_ book: String?, in ids: [String]) {
        selected = book.flatMap { book in ids.firstIndex(of: book).map { (book, $0) } }
    }

    /// Scrolls to the selected book's row in the list of `ids`.
    func scrollToSelection(in ids: [String]) {
        guard let selected else { return }
        if bugs.contains(.staleSelectionRow) {
            // The row was right when the book was chosen; a deletion since has moved it.
            let book = ids[selected.row]
            topRow = book == selected.book ? selected.row : 0
        } else {
            topRow = ids.firstIndex(of: selected.book) ?? 0
        }
    }

    /// Shows the restored `book` at the top with its price from `books`.
    func showRestored(_ book: String, books: [String: Int]?) {
        if bugs.contains(.restoredBookForceUnwrapped) {
            restoredPrice = books![book]!
        } else {
            restoredPrice = books?[book]
        }
    }
}

extension PlantedBug {
    /// Whether the bug is a trap in the app's code: it ends the process that runs it, so it is a
    /// finding only where schedules run in worker processes (`lifecycle-check`,
    /// `expectNoLifecycleViolations`), never in an `Explorer` of the test's
    /// own process.
    public var traps: Bool {
        self == .staleSelectionRow || self == .restoredBookForceUnwrapped
    }
}
