import Foundation
import Lifecycle
import LifecycleSimulator
import LifelineHistory

/// The example's catalogue of books and prices: loaded asynchronously (simulated database latency)
/// and deletable by the user. Owned by ``LibraryExample``; main actor.
@MainActor
final class ExampleCatalogue {
    static let path = "/Library/catalogue.txt"
    static let location = ExampleFiles.Location(path)
    static let key = HistoryKey("catalogue")
    static let initial = ["B1": 12, "B2": 7, "B3": 25, "B4": 9, "B5": 14, "B6": 30]

    /// Books by id with their price, `nil` until loaded.
    private(set) var books: [String: Int]? {
        didSet {
            sortedIDs = (books ?? [:]).keys.sorted()
            encodedIDs = sortedIDs.joined(separator: ",")
            screen.setNeedsUpdate()
        }
    }
    /// The sorted ids of ``books`` joined by commas, kept with it (what the user sees of the
    /// catalogue and what its history records).
    private(set) var encodedIDs = ""
    /// The ids of ``books``, sorted (empty until loaded).
    private(set) var sortedIDs: [String] = []
    private var waiting: [@MainActor () -> Void] = []
    private let files: ExampleFiles
    private let history: HistoryRecorder
    private let screen: ExampleScreen

    init(files: ExampleFiles, history: HistoryRecorder, screen: ExampleScreen) {
        self.files = files
        self.history = history
        self.screen = screen
    }

    /// Loads the catalogue after `latency` on `clock` (the ordinary style's load, started by the
    /// caller's task); returns the books, or `nil` if the task was cancelled first.
    func load(after latency: Duration, on clock: any Clock<Duration>) async -> [String: Int]? {
        guard (try? await clock.sleep(for: latency)) != nil else { return nil }
        finishLoading()
        return books
    }

    /// Starts loading in `scope`, after `latency` on `clock` (the scoped style).
    func load(in scope: TaskScope, clock: any LifelineClock, latency: Duration) {
        // `self`, not `[weak self]`: the scope cancels the task when it ends, which bounds the
        // capture (and a weak reference would slow every retain of the catalogue).
        scope.task("load catalogue") { [self] in
            guard (try? await clock.sleep(for: latency)) != nil else { return }
            finishLoading()
        }
    }

    private func finishLoading() {
        if let text = files.read(Self.path), let parsed = Self.parse(text) {
            books = parsed
        } else {
            books = Self.initial
            history.edit(Self.key, text: encodedIDs)
            save(Self.initial)
        }
        let actions = waiting
        waiting = []
        for action in actions { action() }
    }

    /// Runs `action` once the catalogue has loaded (at once if it has).
    func whenLoaded(_ action: @escaping @MainActor () -> Void) {
        if books != nil { action() } else { waiting.append(action) }
    }

    /// Deletes a book and saves the catalogue.
    func delete(_ id: String) {
        guard var current = books, current[id] != nil else { return }
        current[id] = nil
        books = current
        history.edit(Self.key, text: encodedIDs)
        save(current)
    }

    /// Saves `books`, the catalogue as it is now (acknowledged once written).
    private func save(_ books: [String: Int]) {
        files.save(Self.encode(books), to: Self.location) { [history, value = encodedIDs] in
            history.didSave(Self.key, text: value)
        }
    }

    /// The file text of ``initial``, built once: every first launch writes it.
    static let initialText = encode(initial)

    /// The file text of `books`: one `id:price` line per book, sorted by id.
    nonisolated static func encode(_ books: [String: Int]) -> String {
        var text = ""
        // Room for the usual catalogue, so the appends below do not grow the string.
        text.reserveCapacity(8 * books.count)
        for (id, price) in books.sorted(by: { $0.key < $1.key }) {
            if !text.isEmpty { text += "\n" }
            text += id
            text += ":"
            text += String(price)
        }
        return text
    }

    /// The books of a file written by ``encode(_:)``, `nil` if a line is not `id:price` or there
    /// are none (empty lines are skipped). `nonisolated`: a pure function, so no main-actor check
    /// around its work.
    nonisolated static func parse(_ text: String) -> [String: Int]? {
        var books: [String: Int] = [:]
        books.reserveCapacity(8)
        // Byte searches in place (no array of lines): the text is the app's own checksummed
        // ASCII (`B1:12` lines), and the catalogue is read on every launch.
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        while lineStart < utf8.endIndex {
            let lineEnd = utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            if lineStart != lineEnd {
                guard let colon = utf8[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: ":")), colon != lineStart,
                      let price = Int(Substring(utf8[utf8.index(after: colon)..<lineEnd]))
                else { return nil }
                books[String(Substring(utf8[lineStart..<colon]))] = price
            }
            lineStart = lineEnd == utf8.endIndex ? lineEnd : utf8.index(after: lineEnd)
        }
        return books.isEmpty ? nil : books
    }
}

/// The note of one scene, the model beneath its ``ExampleEditor``: debounced save (300 ms),
/// flushed on inactive and background, with a hydration guard; loaded asynchronously. The editor
/// records the user's edits; the note acknowledges what it saves. Owned by its scene controller;
/// main actor.
@MainActor
final class ExampleNote {
    let key: HistoryKey
    private let path: String
    /// Worked out at the first save: many notes are only read.
    private lazy var location = ExampleFiles.Location(path)
    private let files: ExampleFiles
    private let clock: any LifelineClock
    private let history: HistoryRecorder
    private let bugs: Set<PlantedBug>
    private let screen: ExampleScreen

    private(set) var text: String? {
        didSet { screen.setNeedsUpdate() }
    }
    private(set) var isHydrated = false {
        didSet { screen.setNeedsUpdate() }
    }
    private var isDirty = false
    private var debounce: ScheduledAction?
    /// The load in flight in the ordinary style, cancelled when the scene disconnects.
    private var loading: Task<Void, Never>?

    init(
        scene: SceneSessionID, files: ExampleFiles, clock: any LifelineClock, history: HistoryRecorder,
        bugs: Set<PlantedBug>, screen: ExampleScreen
    ) {
        self.key = HistoryKey("note", scene: scene)
        self.path = ExampleNote.path(for: scene)
        self.files = files
        self.clock = clock
        self.history = history
        self.bugs = bugs
        self.screen = screen
    }

    static func path(for scene: SceneSessionID) -> String {
        // Sized once: an interpolation would start too small and grow its buffer on every scene.
        var path = "/Library/notes/"
        path.reserveCapacity(19 + scene.rawValue.utf8.count)
        path += scene.rawValue
        path += ".txt"
        return path
    }

    /// Loads the stored note after 20 ms on `clock` (the ordinary style); ``stopLoading()``
    /// cancels it.
    func hydrate(on clock: any Clock<Duration>) {
        loading = Task { [self] in
            guard (try? await clock.sleep(for: .milliseconds(20))) != nil else { return }
            finishHydration()
        }
    }

    /// Cancels the load started by ``hydrate(on:)`` (the scene disconnected).
    func stopLoading() {
        loading?.cancel()
        loading = nil
    }

    /// Loads the stored note after 20 ms on the scene's clock, in `scope` (the scoped style).
    func hydrate(in scope: TaskScope) {
        // `self`, not `[weak self]`: the scene's scope cancels the task when it ends.
        scope.task("load note") { [self, clock] in
            guard (try? await clock.sleep(for: .milliseconds(20))) != nil else { return }
            finishHydration()
        }
    }

    private func finishHydration() {
        let stored = files.read(path)
        text = stored?.isEmpty == false ? stored : nil
        isHydrated = true
    }

    func edit(_ newText: String) {
        text = newText
        isDirty = true
        guard !bugs.contains(.saveOnlyAtTermination) else { return }
        debounce?.cancel()
        debounce = clock.schedule(after: .milliseconds(300)) { [weak self] in self?.save() }
    }

    /// The flush of the lesson: cancel the debounce and save now.
    func flush() {
        debounce?.cancel()
        debounce = nil
        save()
    }

    /// What the scene calls when it goes inactive or to the background.
    func flushOnInactive() {
        guard !bugs.contains(.noFlushOnInactive), !bugs.contains(.saveOnlyAtTermination) else { return }
        flush()
    }

    private func save() {
        if bugs.contains(.writeBeforeHydration) {
            guard isDirty || !isHydrated else { return }
        } else {
            guard isHydrated, isDirty else { return }
        }
        let value = text
        guard !bugs.contains(.noteWrittenInPlace) else {
            if files.writeInPlace(value ?? "", to: location, syncing: true) {
                isDirty = false
                history.didSave(key, text: value)
            }
            return
        }
        // Handed over: a save that fails is kept and written later, even after the window closed.
        isDirty = false
        files.save(value ?? "", to: location) { [history, key] in history.didSave(key, text: value) }
    }
}

/// The process-wide selection of the `sharedSelectionSingleton` bug, which every window's
/// ``ExampleList`` reads. Main actor.
@MainActor
final class SharedSelection {
    private let screen: ExampleScreen
    var value: String? {
        didSet { screen.setNeedsUpdate() }
    }

    init(screen: ExampleScreen) {
        self.screen = screen
    }
}

/// The scene restoration envelope: `v2|sel=<id>|c=<checksum>`; `v1|<id>` is the older schema,
/// migrated on read. A namespace.
enum ExampleEnvelope {
    static func encode(selection: String?) -> Data {
        let body = "v2|sel=" + (selection ?? "")
        let checksum = FNV1a64(body).value
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.utf8.count + 19)
        bytes.append(contentsOf: body.utf8)
        bytes.append(contentsOf: "|c=".utf8)
        for position in 0..<16 { bytes.append(ExampleFiles.hexDigit(of: checksum, at: position)) }
        // Safe because the buffer is only read inside the closure, to copy it into the `Data`.
        return bytes.withUnsafeBufferPointer { Data(buffer: $0) }
    }

    /// The selection in `payload`, `nil` for none or for an invalid payload.
    static func decode(_ payload: Data?) -> String? {
        guard let payload, payload.count < 256, let text = String(data: payload, encoding: .utf8) else { return nil }
        if text.hasPrefix("v1|") { return validID(String(text.dropFirst(3))) }
        guard let range = checksumMarker(in: text) else { return nil }
        // Byte work on the body (`v2|sel=<id>`, ASCII when valid) rather than a copy of it.
        let utf8 = text.utf8
        let body = utf8[..<range.lowerBound]
        var checksum = FNV1a64()
        for byte in body { checksum.combine(byte: byte) }
        let prefix = "v2|sel=".utf8
        guard ExampleFiles.isChecksum(utf8[range.upperBound...], of: checksum.value), body.starts(with: prefix)
        else { return nil }
        return validID(String(Substring(body.dropFirst(prefix.count))))
    }

    /// The first `|c=` in `text` (a byte search: the marker is ASCII).
    static func checksumMarker(in text: String) -> Range<String.Index>? {
        let utf8 = text.utf8
        var index = utf8.startIndex
        while let bar = utf8[index...].firstIndex(of: UInt8(ascii: "|")) {
            let c = utf8.index(after: bar)
            if c < utf8.endIndex, utf8[c] == UInt8(ascii: "c") {
                let equals = utf8.index(after: c)
                if equals < utf8.endIndex, utf8[equals] == UInt8(ascii: "=") { return bar..<utf8.index(after: equals) }
            }
            index = c
        }
        return nil
    }

    static func validID(_ id: String) -> String? {
        guard id.count >= 2, id.count <= 8, id.first == "B", id.dropFirst().allSatisfy(\.isNumber) else { return nil }
        return id
    }
}
