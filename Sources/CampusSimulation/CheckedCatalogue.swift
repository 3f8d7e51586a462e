import CampusLibrary
import Lifecycle
import LifecycleSimulator

/// The catalogue as the app reaches it, watched: it keeps the identifiers it answered as missing
/// (asked for, absent from the answer), so that when the app then takes one of them out of a
/// window by itself, the drop is judged against the truth — the books of the catalogues the
/// simulation holds — by the ready-made invariant "restorable ids survive transient failures"
/// (``dropped``). Forwards everything else, where answers come from included.
///
/// Created by ``CampusIncarnation`` per process over the catalogue of the run's variant; lives on
/// the main actor.
@MainActor
final class CheckedCatalogue: CatalogueService {
    private let base: any CatalogueService
    private let exists: @MainActor (BookID) -> Bool
    private let lookupFailure: @MainActor (BookID) -> String?
    private var answeredMissing: Set<BookID> = []
    /// The identifiers the app took out of its windows after they were answered missing, oldest
    /// first.
    private(set) var dropped: [DroppedIdentifier] = []

    /// Watches `base`; `exists` tells whether a book exists at its source, `lookupFailure` how the
    /// last request for it failed.
    init(
        _ base: any CatalogueService, exists: @escaping @MainActor (BookID) -> Bool,
        lookupFailure: @escaping @MainActor (BookID) -> String?
    ) {
        self.base = base
        self.exists = exists
        self.lookupFailure = lookupFailure
    }

    var searchDebounce: Duration { base.searchDebounce }
    var source: CatalogueSource { base.source }

    func prepare() async throws(CatalogueError) {
        try await base.prepare()
    }

    func search(_ query: String, limit: Int) async throws(CatalogueError) -> [Book] {
        try await base.search(query, limit: limit)
    }

    func books(_ ids: [BookID]) async throws(CatalogueError) -> [BookID: Book] {
        let found = try await base.books(ids)
        for id in ids where found[id] == nil { answeredMissing.insert(id) }
        return found
    }

    func newArrivals(limit: Int) async throws(CatalogueError) -> [Book] {
        try await base.newArrivals(limit: limit)
    }

    func purgeCaches() {
        base.purgeCaches()
    }

    func retryRemoteNow() {
        base.retryRemoteNow()
    }

    /// Notes the books the app's own change of `window` (from `before`) took out of its selection
    /// and path that this catalogue had answered missing. Only a removal of missing books counts
    /// (the app says so in the window's recovery message); a link followed also replaces the
    /// path, and takes nothing out because of an answer.
    func noteChange(of window: WindowModel, from before: WindowState) {
        guard window.recoveryMessage != nil else { return }
        let after = window.state
        let kept = Set(after.referencedBooks)
        for (field, id) in Self.references(in: before) where !kept.contains(id) && answeredMissing.contains(id) {
            dropped.append(DroppedIdentifier(
                scene: window.sessionID, field: field, id: id.rawValue, recordExists: exists(id), lookupFailure: lookupFailure(id)
            ))
        }
    }

    /// The books `state` refers to, with the field that holds each.
    private static func references(in state: WindowState) -> [(field: String, id: BookID)] {
        var references: [(field: String, id: BookID)] = state.selection.map { [("selection", $0)] } ?? []
        for id in state.navigation.path.compactMap(\.bookID) where !references.contains(where: { $0.id == id }) {
            references.append(("path", id))
        }
        return references
    }
}
