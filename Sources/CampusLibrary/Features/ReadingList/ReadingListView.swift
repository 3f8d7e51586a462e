import Foundation
import Lifecycle

/// Renders the reading list: each book with its status and since when, the highlighted row, how
/// many books were finished, and what went wrong (a change not saved, a list that could not be
/// opened). A pure function of the view model's state. A namespace.
public enum ReadingListView {
    /// The screen's body in `width` × `height` cells.
    @MainActor
    public static func render(_ model: ReadingListViewModel, width: Int, height: Int) -> [String] {
        let list = model.readingList
        var lines = [" Reading list" + (list.finishedCount > 0 ? " · \(list.finishedCount) finished so far" : ""), ""]
        if let notice = list.notice { lines += TextLayout.wrap("⚠ " + notice, width: width - 2).map { " " + $0 } }
        if let error = list.saveError { lines += TextLayout.wrap("✗ " + error.description, width: width - 2).map { " " + $0 } }
        switch list.loadState {
        case .idle, .loading:
            lines.append(" Loading…")
            return lines
        case .failed(let error), .unavailable(let error):
            lines.append(" \(error)")
            return lines
        case .loaded, .notFound:
            break
        }
        let entries = model.entries
        guard !entries.isEmpty else {
            lines.append(" Your reading list is empty. Open a book and press r to add it.")
            return lines
        }
        let highlighted = model.highlightedEntry?.bookID
        for (index, entry) in entries.enumerated().prefix(max(height - lines.count, 1)) {
            let marker = entry.bookID == highlighted ? "▸" : " "
            let status = "\(entry.status) since \(day(entry.since))"
            lines.append(TextLayout.spread(" \(marker) \(index + 1). " + entry.title, status + " ", width: width))
        }
        return lines
    }

    /// `date` as its day, such as `2027-01-15` (in UTC, the same on every machine).
    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let two = { (value: Int?) in (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))"
    }
}
