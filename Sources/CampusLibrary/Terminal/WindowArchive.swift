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
/// the backup or as empty: a fresh window opens).
///
/// It also plays the system's crash-loop guard (UIKit deletes preserved state after a crash during
/// launch): ``load()`` counts the launch in `launches.guard`, ``markLaunchFinished()`` resets the
/// count once the restored windows are on screen, and after ``unfinishedLaunchLimit`` launches in
/// a row that never got there, the windows come back without their restored state. The count is
/// written without `fsync`: a crash keeps it, and a power loss that drops it costs one more
/// attempt, never data — and a launch pays no sync for it.
///
/// Owned by the terminal front-end; lives on the main actor.
@MainActor
public final class WindowArchiveStore {
    /// Launches in a row that did not finish, at or beyond which restored state is discarded.
    public static let unfinishedLaunchLimit = 2

    /// After ``load()``: how many unfinished launches made it discard the windows' state (`nil`
    /// when it kept them).
    public private(set) var discardedAfterUnfinishedLaunches: Int?
    /// After ``load()``: what reading `windows.json` found (an older copy, damaged, unreadable);
    /// the front-end tells the student once (``StoreNotice``).
    public private(set) var loadOutcome: LoadOutcome = .loaded

    /// The most bytes `launches.guard` is read for: it holds one small number. A larger file is
    /// not read (it counts as no unfinished launch, and is written over with the new count).
    static let guardSizeLimit = 64

    private let document: DocumentStore<WindowArchive>
    private let fileSystem: any FileSystem
    private let guardPath: String
    private let logger: LifelineLogger
    private var launchCounted = false
    private var launchFinished = false

    /// The archive of the app whose data directory is `directory`.
    public init(directory: String, fileSystem: any FileSystem, clock: any LifelineClock, logger: LifelineLogger = .disabled) {
        document = DocumentStore(
            storage: StorageEnvironment(fileSystem: fileSystem), path: directory + "/windows.json", defaultValue: WindowArchive(), sizeLimit: 1024 * 1024,
            clock: clock, logger: logger
        )
        self.fileSystem = fileSystem
        self.guardPath = directory + "/launches.guard"
        self.logger = logger.category("windows")
    }

    /// The stored archive (empty when there is none or it is unreadable). The first call of a
    /// process counts the launch; if too many launches in a row did not finish, the windows come
    /// back without their restoration payloads.
    public func load() -> WindowArchive {
        let loaded = document.load()
        loadOutcome = loaded.outcome
        var archive = loaded.value
        var seen = Set<SceneSessionID>()
        archive.windows = archive.windows.filter { seen.insert($0.id).inserted }.prefix(WindowArchive.maximumWindows).map { $0 }
        if let active = archive.active, !seen.contains(active) { archive.active = nil }
        if !launchCounted {
            launchCounted = true
            let unfinished = readUnfinishedLaunches()
            let tripped = unfinished >= Self.unfinishedLaunchLimit
            writeUnfinishedLaunches(tripped ? 1 : unfinished + 1)
            if tripped {
                discardedAfterUnfinishedLaunches = unfinished
                logger.warning("\(unfinished, privacy: .public) launches in a row did not finish; the windows open without their saved state.")
            }
        }
        if discardedAfterUnfinishedLaunches != nil {
            archive.windows = archive.windows.map { WindowArchive.Window(id: $0.id, payload: nil) }
        }
        return archive
    }

    /// The restored windows are on screen: resets the crash-loop count (once per process).
    public func markLaunchFinished() {
        guard launchCounted, !launchFinished else { return }
        launchFinished = true
        writeUnfinishedLaunches(0)
    }

    private func readUnfinishedLaunches() -> Int {
        guard let (data, size) = try? fileSystem.readFile(at: guardPath, maximumSize: Self.guardSizeLimit) else { return 0 }
        guard size <= Self.guardSizeLimit else {
            logger.warning("launches.guard is \(size, privacy: .public) bytes, not a count; it was not read and is written over.")
            return 0
        }
        return Int(String(decoding: data, as: UTF8.self)) ?? 0
    }

    private func writeUnfinishedLaunches(_ count: Int) {
        do {
            try fileSystem.writeFile(Data(String(count).utf8), to: guardPath, permissions: 0o600)
        } catch {
            logger.error("The launch count could not be written: \(error.description, privacy: .public)")
        }
    }

    /// Replaces the stored archive durably.
    /// - Throws: `DurableStoreError`; the previous archive is still stored.
    public func save(_ archive: WindowArchive) throws(DurableStoreError) {
        try document.save(archive)
    }
}
