/// A book on one line of a list.
extension TextLayout {
    /// The fewest cells of authors worth showing; with less room the authors are left out.
    static let minimumAuthorCells = 8

    /// ``Book/byline`` ("Title — Author, Author (year)") in at most `width` cells. When it does not
    /// fit, the authors are cut first (ending in `…`) and then the title, so the year stays on the
    /// line.
    public static func byline(of book: Book, width: Int) -> String {
        let whole = fit(book.byline, width: .max)
        let year = book.year.map { " (\($0))" } ?? ""
        guard whole.count > width, width > year.count + 1 else { return fit(whole, width: width) }
        let title = fit(book.title, width: .max)
        let separator = " — "
        let room = width - title.count - separator.count - year.count
        if !book.authors.isEmpty, room >= minimumAuthorCells {
            return title + separator + fit(book.authors.joined(separator: ", "), width: room) + year
        }
        return fit(title, width: width - year.count) + year
    }
}
