import Foundation
import Lifecycle
import LifecycleSimulator
import LifelineHistory

/// The example's borrowing basket: book ids saved at once on every change (through its
/// ``ExampleBasketWriter`` in the ordinary style), priced from the catalogue when hydrated. Owned
/// by ``LibraryExample``; main actor.
@MainActor
final class ExampleBasket {
    static let path = "/Library/basket.txt"
    static let location = ExampleFiles.Location(path)
    static let key = HistoryKey("basket")

    /// Lines with their price, `nil` until hydrated.
    private(set) var lines: [(id: String, price: Int)]? {
        didSet {
            screen.setNeedsUpdate()
            guard let lines, !lines.isEmpty else { return value = nil }
            var joined = ""
            for line in lines {
                if !joined.isEmpty { joined += "," }
                joined += line.id
            }
            value = joined
        }
    }
    /// The line ids joined by commas, `nil` for an empty or unhydrated basket (what the user
    /// sees and what is saved); kept with ``lines``.
    private(set) var value: String?
    private let files: ExampleFiles
    private let history: HistoryRecorder
    private let screen: ExampleScreen
    /// Where saves go in the ordinary style (`nil`: saved at once with ``ExampleFiles/save``).
    private let writer: ExampleBasketWriter?
    /// Whether the basket is saved by writing its file in place, unsynced
    /// (``PlantedBug/basketWrittenInPlace``), rather than by the durable replace recipe.
    private let writesInPlace: Bool

    init(files: ExampleFiles, history: HistoryRecorder, screen: ExampleScreen, writer: ExampleBasketWriter?, writesInPlace: Bool = false) {
        self.files = files
        self.history = history
        self.screen = screen
        self.writer = writer
        self.writesInPlace = writesInPlace
    }

    /// Loads the saved ids and prices them from `prices` (stale ids are forgotten when prices are
    /// known; with no prices every line is worth zero — the planted bug).
    func hydrate(prices: [String: Int]?) {
        let ids = files.read(Self.path).map(Self.parse) ?? []
        guard let prices else {
            lines = ids.map { ($0, 0) }
            return
        }
        var kept: [(id: String, price: Int)] = []
        kept.reserveCapacity(ids.count)
        for id in ids {
            if let price = prices[id] { kept.append((id, price)) }
        }
        lines = kept
        if kept.count != ids.count { save() }
    }

    /// The ids of a basket file (the comma-separated ``value``). `nonisolated`: a pure function,
    /// so no main-actor check around its work.
    nonisolated static func parse(_ text: String) -> [String] {
        // Byte split: the text is the app's own checksummed ASCII.
        text.utf8.split(separator: UInt8(ascii: ",")).map { String(Substring($0)) }
    }

    func add(_ id: String, price: Int) {
        guard lines != nil, !contains(id) else { return }
        lines?.append((id, price))
        save()
    }

    func remove(_ id: String) {
        guard contains(id) else { return }
        lines?.removeAll { $0.id == id }
        save()
    }

    func contains(_ id: String) -> Bool {
        // A loop, not `contains(where:)`: the action checks ask this for every book on every step.
        for line in lines ?? [] where line.id == id { return true }
        return false
    }

    /// Whether the basket holds a line (``value`` is not `nil`), without building the value.
    var hasLines: Bool { lines?.isEmpty == false }

    private func save() {
        let current = value
        history.edit(Self.key, text: current)
        let onSaved: @MainActor @Sendable () -> Void = { [history] in history.didSave(Self.key, text: current) }
        if let writer {
            writer.save(current ?? "", then: onSaved)
        } else {
            files.save(current ?? "", to: Self.location, inPlace: writesInPlace, then: onSaved)
        }
    }
}
