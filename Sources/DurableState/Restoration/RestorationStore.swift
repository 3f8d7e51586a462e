import Foundation
import Lifecycle
import LifelineHistory

/// Restorable state on disk, per scene (keyed by `SceneSessionID`) and per application, with a
/// crash-loop guard.
///
/// ```swift
/// let restoration = RestorationStore(storage: storage, directory: "/data/restoration", clock: clock)
/// let app = restoration.restoreApplication(schema: .library)        // counts this launch first
/// let scene = restoration.restoreScene(for: session.id, schema: .readerScene)
/// …
/// restoration.markLaunchFinished()                                   // the first frame is up
/// try restoration.saveScene(state, for: session.id, schema: .readerScene)
/// ```
///
/// Each piece is one ``DocumentStore`` file (``StoredEnvelope``: format version, schema version,
/// CRC-32, written-at from the injected clock), written by the durable recipe. Restoring never
/// throws: unusable files are quarantined (kept, not deleted), older schemas migrated, the app's
/// validator repairs or rejects what it reads, and the result says what happened. The first
/// restore of a launch counts it in the crash-loop guard; after `maxUnfinishedLaunches` launches
/// that never called ``markLaunchFinished()``, everything is discarded. State of discarded
/// sessions is removed by ``removeScenes(_:)``, ``removeScenes(keeping:)`` or
/// ``observeDiscardedSessions(of:)``.
///
/// On a simulated device (``StorageEnvironment/history``) each save is recorded in the history as
/// `Persistence/restorable`: one key per field of a `HistoryFields` state (`query` of
/// the scene, say), else one key named `restoration` (or the name `history` gives), of the scene
/// for scene state. The edit itself is usually the user's, made on a screen long before the save
/// (the simulator's `UserAction` edits report it); the save records it if it was not, and
/// acknowledges it.
///
/// Owned by the composition root; lives on the main actor; one per process incarnation.
@MainActor
public final class RestorationStore {
    /// The directory holding the state files.
    public let directory: String
    private let storage: StorageEnvironment
    /// The class of the state's files and the launch guard's (see ``DataProtection``).
    public let protection: DataProtection
    private var fileSystem: any FileSystem { storage.fileSystem }
    private let clock: any LifelineClock
    private let logger: LifelineLogger
    private let launchGuard: LaunchGuard
    /// Stores by path, so that a file is inspected once per incarnation; each holds a
    /// `DocumentStore<State?>` of the state type last used with that path.
    private var stores: [String: AnyObject] = [:]
    /// Set when the guard discarded state during this launch; reported with each restore.
    private var discardedAfter: Int?
    /// Where saves are reported on a simulated device (reports nothing elsewhere).
    private let history: HistoryReporter

    /// Creates the store; nothing is read until the first restore or ``beginLaunch()``.
    public init(
        storage: StorageEnvironment,
        directory: String,
        maxUnfinishedLaunches: Int = 2,
        protection: DataProtection = .completeUntilFirstUserAuthentication,
        clock: any LifelineClock,
        logger: LifelineLogger = .disabled,
        history: HistoryRecording = .automatic
    ) {
        self.history = history.reporter(name: "restoration", persistence: .restorable, history: storage.history)
        self.directory = directory
        self.storage = storage
        self.protection = protection
        self.clock = clock
        self.logger = logger.category("restoration")
        self.launchGuard = LaunchGuard(
            fileSystem: storage.fileSystem(protectedBy: protection), directory: directory, limit: maxUnfinishedLaunches, clock: clock,
            logger: self.logger)
    }

    /// Counts this launch in the crash-loop guard (once; restores call it implicitly) and, if too
    /// many launches in a row did not finish, discards all restoration state.
    /// - Returns: the number of unfinished launches that caused a discard, or `nil`.
    @discardableResult
    public func beginLaunch() -> Int? {
        guard !launchGuard.hasBegun else { return discardedAfter }
        if let count = launchGuard.begin() {
            discardedAfter = count
            removeAllState()
        }
        return discardedAfter
    }

    /// Marks this launch as finished (call it once the restored UI is up): resets the guard.
    public func markLaunchFinished() {
        beginLaunch()
        launchGuard.finish()
    }

    /// Restores the state of the scene of session `id`.
    public func restoreScene<State>(for id: SceneSessionID, schema: RestorationSchema<State>) -> Restored<State> {
        sceneReporter(id).setDefault(schema.defaultState)
        return restore(at: scenePath(id), schema: schema)
    }

    /// Saves the state of the scene of session `id` durably.
    /// - Throws: ``DurableStoreError``; the previously saved state is left as it was.
    public func saveScene<State>(_ state: State, for id: SceneSessionID, schema: RestorationSchema<State>) throws(DurableStoreError) {
        let reporter = sceneReporter(id)
        reporter.setDefault(schema.defaultState)
        reporter.willSave(state)
        try store(at: scenePath(id), schema: schema).save(state)
        reporter.didSave(state)
    }

    /// Restores the application-wide state.
    public func restoreApplication<State>(schema: RestorationSchema<State>) -> Restored<State> {
        history.setDefault(schema.defaultState)
        return restore(at: applicationPath, schema: schema)
    }

    /// Saves the application-wide state durably.
    /// - Throws: ``DurableStoreError``; the previously saved state is left as it was.
    public func saveApplication<State>(_ state: State, schema: RestorationSchema<State>) throws(DurableStoreError) {
        history.setDefault(schema.defaultState)
        history.willSave(state)
        try store(at: applicationPath, schema: schema).save(state)
        history.didSave(state)
    }

    /// The reporter of the state of the scene of session `id`.
    private func sceneReporter(_ id: SceneSessionID) -> HistoryReporter {
        history.named(HistoryKey(history.key.name, scene: id))
    }

    /// Sessions that have scene state on disk, sorted.
    public func storedSceneIDs() -> [SceneSessionID] {
        let names = (try? fileSystem.contentsOfDirectory(at: directory)) ?? []
        return names.compactMap(Self.sceneID(fromFileName:)).sorted()
    }

    /// Removes the state of the given sessions (discarded by the system or closed by the user).
    public func removeScenes(_ ids: [SceneSessionID]) {
        for id in ids { removeFile(scenePath(id)) }
        syncDirectory()
    }

    /// Removes the state of every session not in `live`: run at launch with the sessions the
    /// system still knows, so state of sessions discarded while the app was not running goes too.
    public func removeScenes(keeping live: Set<SceneSessionID>) {
        removeScenes(storedSceneIDs().filter { !live.contains($0) })
    }

    /// Removes all restoration state (scene and application files; quarantined files stay).
    public func removeAllState() {
        for id in storedSceneIDs() { removeFile(scenePath(id)) }
        removeFile(applicationPath)
        syncDirectory()
    }

    /// Removes the state of sessions as the runtime reports them discarded.
    @discardableResult
    public func observeDiscardedSessions(of runtime: LifecycleRuntime) -> LifecycleObservation {
        runtime.addApplicationObserver { [weak self] event in
            if case .didDiscardSessions(let ids) = event { self?.removeScenes(ids) }
        }
    }

    var applicationPath: String { FilePaths.join(directory, "application.state") }

    func scenePath(_ id: SceneSessionID) -> String {
        let hex = id.rawValue.utf8.map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
        return FilePaths.join(directory, "scene-" + hex + ".state")
    }

    static func sceneID(fromFileName name: String) -> SceneSessionID? {
        guard name.hasPrefix("scene-"), name.hasSuffix(".state") else { return nil }
        let hex = Array(name.dropFirst("scene-".count).dropLast(".state".count))
        guard hex.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: hex.count, by: 2) {
            guard let byte = UInt8(String(hex[index...index + 1]), radix: 16) else { return nil }
            bytes.append(byte)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return SceneSessionID(text)
    }

    private func restore<State>(at path: String, schema: RestorationSchema<State>) -> Restored<State> {
        let discarded = beginLaunch()
        let load = store(at: path, schema: schema).load()
        let problem = load.issues.first.map(RestorationError.unusableFile)
        guard let state = load.value else {
            if let problem { return schema.defaulted(problem) }
            if let discarded { return schema.defaulted(.discardedAfterUnfinishedLaunches(discarded)) }
            return schema.nothingStored()
        }
        var restored = schema.validated(state, schemaVersion: load.storedSchemaVersion, writtenAt: load.writtenAt)
        if restored.problem == nil, let problem { restored.problem = problem }
        if let invalid = restored.problem, case .invalid = invalid {
            logger.warning("Restored state in \(FilePaths.name(of: path), privacy: .public) failed validation; using the default.")
        }
        return restored
    }

    private func store<State>(at path: String, schema: RestorationSchema<State>) -> DocumentStore<State?> {
        if let existing = stores[path] as? DocumentStore<State?>,
           existing.codec.schema.version == schema.codec.schema.version,
           existing.codec.sizeLimit == schema.codec.sizeLimit
        {
            return existing
        }
        let store = DocumentStore<State?>(
            storage: storage, path: path, defaultValue: nil, schema: schema.codec.schema,
            sizeLimit: schema.codec.sizeLimit, keepsBackup: false, protection: protection, clock: clock, logger: logger,
            history: .off)
        stores[path] = store
        return store
    }

    private func removeFile(_ path: String) {
        stores[path] = nil
        do {
            try fileSystem.removeItem(at: path)
        } catch {
            logger.error("Could not remove \(FilePaths.name(of: path), privacy: .public): \(error.description, privacy: .public)")
        }
    }

    private func syncDirectory() {
        guard fileSystem.itemExists(at: directory) else { return }
        do {
            try fileSystem.syncDirectory(at: directory)
        } catch {
            logger.error("Could not sync the restoration directory: \(error.description, privacy: .public)")
        }
    }
}
