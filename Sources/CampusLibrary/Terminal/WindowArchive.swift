import DurableState
import Foundation
import Lifecycle

/// The windows of the terminal app between runs: each window's scene session (identity and
/// restoration payload) in switcher order, and which one was on screen. What the system keeps
/// for an iOS app, the terminal front-end keeps here (`windows.json` in the data directory),
/// written durably whenever the app leaves the foreground, terminates, or a window opens or
/// closes.
///
/// A `Codable` value; read and written by ``WindowArchiveStore``.
public struct WindowArchive: Codable, Hashable, Sendable {
    /// One window.
    public struct Window: Codable, Hashable, Sendable {
        /// The scene session's identifier.
        public var id: SceneSessionID
        /// The session's restoration payload.
        public var payload: Data?

        /// Creates an entry.
        public init(id: SceneSessionID, payload: Data?) {
            self.id = id
            self.payload = payload
        }
    }

    /// The most windows restored; more are dropped (restoration state stays small).
    public static let maximumWindows = 32

    /// The windows in switcher order.
    public var windows: [Window]
    /// The window that was on screen.
    public var active: SceneSessionID?

    /// Creates an archive.
    public init(windows: [Window] = [], active: SceneSessionID? = nil) {
        self.windows = windows
        self.active = active
    }

    /// The sessions to connect at launch, in order.
    public var sessions: [SceneSession] {
        windows.map { SceneSession(id: $0.id, restorationPayload: $0.payload) }
    }
}

/// Reads and writes the ``WindowArchive`` in `<data directory>/windows.json`: a DurableState
/// `DocumentStore` (durable replace, backup, quarantine of a damaged file, which then reads as
/// the backup or as empty: a fresh window opens). Owned by the terminal front-end; lives on the
/// main actor.
@MainActor
public final class WindowArchiveStore {
    private let document: DocumentStore<WindowArchive>

    /// The archive of the app whose data directory is `directory`.
    public init(directory: String, fileSystem: any FileSystem, clock: any LifelineClock, logger: LifelineLogger = .disabled) {
        document = DocumentStore(
            fileSystem: fileSystem, path: directory + "/windows.json", defaultValue: WindowArchive(), sizeLimit: 1024 * 1024,
            clock: clock, logger: logger
        )
    }

    /// The stored archive (empty when there is none or it is unreadable).
    public func load() -> WindowArchive {
        var archive = document.load().value
        var seen = Set<SceneSessionID>()
        archive.windows = archive.windows.filter { seen.insert($0.id).inserted }.prefix(WindowArchive.maximumWindows).map { $0 }
        if let active = archive.active, !seen.contains(active) { archive.active = nil }
        return archive
    }

    /// Replaces the stored archive durably.
    /// - Throws: `DurableStoreError`; the previous archive is still stored.
    public func save(_ archive: WindowArchive) throws(DurableStoreError) {
        try document.save(archive)
    }
}
