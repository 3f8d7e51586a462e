import CampusLibrary
import DurableState
import Foundation
import Lifecycle

/// Campus Library's window restoration payload: what a scene session hands back at launch.
enum WindowStateHarness: Harness {
    static let name = "window-state"
    static let summary = "WindowState.restoration.restore (a scene's restoration payload), then re-encoded and restored again"

    static func run(_ input: Data) {
        let restored = WindowState.restoration.restore(from: StoredFile.bytes(from: input))
        expectWithinLimits(restored.state)
        // A restored state is one the app can save as it is: it restores to itself.
        guard let bytes = try? WindowState.restoration.encode(restored.state, writtenAt: Date(timeIntervalSince1970: 0)) else { return }
        promise(WindowState.restoration.restore(from: bytes).state == restored.state, "a restored window state does not survive saving")
    }

    /// The validator's limits, which every restored state is within.
    static func expectWithinLimits(_ state: WindowState) {
        promise(state.navigation.path.count <= WindowState.maximumPathLength, "a restored window has \(state.navigation.path.count) screens")
        promise(state.query.count <= WindowState.maximumQueryLength, "a restored search text has \(state.query.count) characters")
    }

    /// States a window really has: empty, a search with a selection, a book's notes two screens deep.
    static var sampleStates: [String: WindowState] {
        let emma = BookID("austen-emma")
        let moby = BookID("melville-moby-dick")
        return [
            "empty": WindowState(),
            "search": WindowState(query: "austen", selection: emma),
            "notes": WindowState(
                query: "whale", selection: moby,
                navigation: NavigationState(path: [moby.map(AppRoute.book), moby.map(AppRoute.notes)].compactMap { $0 })
            ),
            "basket-profile": WindowState(navigation: NavigationState(path: [.basket, .profile])),
        ]
    }

    static func seeds() throws -> [String: Data] {
        try StoredFile.seeds(sampleStates.mapValues { try WindowState.restoration.encode($0, writtenAt: StoredFile.writtenAt) })
    }
}
