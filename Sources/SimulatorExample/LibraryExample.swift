import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator
import LifelineHistory

/// A small library app built on Lifeline for the simulator's own tests, benchmark and command:
/// one note per window behind a note editor screen (debounced save, flushed on inactive), a
/// per-window book list whose selection is restored
/// from a validated envelope, a catalogue loaded asynchronously, a basket priced from it, sign-in
/// with the token in the keychain, book details loaded in the scene's scope, a basket sync under
/// a database lock, background refresh. Each of the nine classic bugs can be planted
/// (``PlantedBug``), and more.
///
/// Its asynchronous work is written the ordinary way by default (``ExampleConcurrency/ordinary``:
/// `Task {}`, `async let`, a task group, an actor, an `AsyncStream`, a continuation, sleeps on an
/// injected `any Clock<Duration>`, a dispatch scheduler) or with Lifeline's scopes
/// (``ExampleConcurrency/scoped``).
///
/// ```swift
/// let simulator = Simulator(app: LibraryExample.app(bugs: [.noFlushOnInactive]))
/// ```
///
/// One instance per process incarnation, built by its composition root
/// (``LibraryExample/init(environment:bugs:concurrency:)``); main actor.
@MainActor
public final class LibraryExample: ApplicationDelegate {
    static let refreshTask = "library.refresh"
    static let userKey = HistoryKey("user")
    static let preferencesPath = "/Library/Preferences/preferences.txt"
    static let preferencesLocation = ExampleFiles.Location(preferencesPath)

    let environment: SimulationEnvironment
    let bugs: Set<PlantedBug>
    /// How the app writes its asynchronous work.
    let concurrency: ExampleConcurrency
    /// The clock the ordinary style sleeps on (`ContinuousClock()` on a device).
    let clock: any Clock<Duration>
    let files: ExampleFiles
    /// The library's server (book details, basket sync, new arrivals), over the device's network.
    let server: SimulatedRemoteService
    let catalogue: ExampleCatalogue
    let basket: ExampleBasket
    /// What the user sees; every change to it marks it for an update.
    let screen = ExampleScreen()
    let sharedSelection: SharedSelection
    private(set) var controllers: [SceneSessionID: ExampleSceneController] = [:] {
        didSet {
            sortedControllersCache = nil
            lastLookup = nil
            screen.setNeedsUpdate()
        }
    }
    /// ``controllers`` sorted by scene id, built again only after the controllers change.
    private var sortedControllersCache: [ExampleSceneController]?
    /// The last answer of ``controller(for:)``, forgotten when the controllers change: the
    /// action checks ask for the same scene several times before every step.
    private var lastLookup: (id: SceneSessionID, controller: ExampleSceneController?)?
    private(set) var preferences: [String: String] = [:] {
        didSet {
            user = preferences["user"]
            screen.setNeedsUpdate()
        }
    }
    /// The signed-in user (`preferences["user"]`), kept with the preferences: what the user sees
    /// and what the sign-in actions ask before every step.
    private(set) var user: String?
    private(set) var isSyncing = false

    /// The composition root: builds the object graph and wires it to the runtime.
    public init(environment: SimulationEnvironment, bugs: Set<PlantedBug>, concurrency: ExampleConcurrency = .ordinary) {
        self.environment = environment
        self.bugs = bugs
        self.concurrency = concurrency
        self.clock = environment.clock.continuous
        self.sharedSelection = SharedSelection(screen: screen)
        self.files = ExampleFiles(
            fileSystem: environment.fileSystem, logger: environment.logger.category("storage"), clock: environment.clock)
        self.server = environment.remoteService("library server")
        self.catalogue = ExampleCatalogue(files: files, history: environment.history, screen: screen)
        let writesInPlace = bugs.contains(.basketWrittenInPlace)
        var writer: ExampleBasketWriter?
        if concurrency == .ordinary {
            let store = ExampleBasketStore(
                files: files, location: ExampleBasket.location, writesInPlace: writesInPlace, scheduler: environment.dispatchScheduler
            )
            writer = ExampleBasketWriter(store: store, files: files, location: ExampleBasket.location, writesInPlace: writesInPlace, bugs: bugs)
        }
        self.basket = ExampleBasket(files: files, history: environment.history, screen: screen, writer: writer, writesInPlace: writesInPlace)
        environment.runtime.applicationDelegate = self
        environment.runtime.sceneDelegateFactory = { [unowned self] scene in
            let controller = ExampleSceneController(scene: scene, library: self)
            self.controllers[scene.id] = controller
            return controller
        }
    }

    public func didFinishLaunching(_ runtime: LifecycleRuntime, options: LaunchOptions) {
        // `unowned`, like the scene factory: the runtime lives no longer than this composition root.
        try? runtime.registerBackgroundTask(Self.refreshTask) { [unowned self] task in refresh(task) }
        runtime.setSilentPushHandler { _, completion in completion() }
        preferences = Self.parsePreferences(files.read(Self.preferencesPath))
        guard concurrency == .scoped else { return loadCatalogueAndBasket() }
        catalogue.load(in: runtime.applicationScope, clock: environment.clock, latency: .milliseconds(40))
        if bugs.contains(.basketBeforeCatalogue) {
            basket.hydrate(prices: catalogue.books)
        } else {
            // `weak`: the catalogue's load is a task, which can finish after a killed process's
            // composition root is gone (the simulator lets a dead process's tasks unwind).
            catalogue.whenLoaded { [weak self] in
                guard let self else { return }
                basket.hydrate(prices: catalogue.books)
            }
        }
    }

    /// The ordinary style's launch work: the catalogue loads (40 ms) in an `async let`, and the
    /// basket is priced from it once it is in (before, with ``PlantedBug/basketBeforeCatalogue``).
    private func loadCatalogueAndBasket() {
        Task { [self, clock] in
            async let loaded = catalogue.load(after: .milliseconds(40), on: clock)
            if bugs.contains(.basketBeforeCatalogue) { basket.hydrate(prices: catalogue.books) }
            guard let prices = await loaded, !bugs.contains(.basketBeforeCatalogue) else { return }
            basket.hydrate(prices: prices)
        }
    }

    public func willTerminate(_ runtime: LifecycleRuntime) {
        guard bugs.contains(.saveOnlyAtTermination) else { return }
        for controller in sortedControllers { controller.note.flush() }
    }

    public func didDiscardSessions(_ runtime: LifecycleRuntime, sessions: [SceneSessionID]) {
        for session in sessions { files.remove(ExampleNote.path(for: session)) }
    }

    func sceneDidDisconnect(_ id: SceneSessionID) {
        controllers[id] = nil
    }

    func scheduleRefresh() {
        let earliest = environment.clock.now.advanced(by: .seconds(15 * 60))
        try? environment.runtime.submit(BackgroundTaskRequest(identifier: Self.refreshTask, earliestBegin: earliest))
    }

    /// Downloads the new arrivals page by page, saving each; the expiration completes the task,
    /// which cancels the download (unless the ``PlantedBug/writesAfterExpiration`` bug swallows
    /// the cancellation).
    private func refresh(_ task: BackgroundTask) {
        guard concurrency == .scoped else { return refreshInGroup(task) }
        task.expirationHandler = { task.setTaskCompleted(success: false) }
        let clock = environment.clock
        let swallowsCancellation = bugs.contains(.writesAfterExpiration)
        task.scope.task("refresh") { [files, server] in
            for page in 1...Self.refreshPages {
                if swallowsCancellation {
                    _ = try? await server.call("new arrivals")
                } else {
                    guard (try? await server.call("new arrivals")) != nil, !Task.isCancelled else {
                        return task.setTaskCompleted(success: false)
                    }
                }
                files.write("page \(page) refreshed at \(clock.now)", to: "/Library/refresh.txt")
            }
            task.setTaskCompleted(success: true)
        }
    }

    /// ``refresh(_:)`` in the ordinary style: a task downloads the pages in a task group and saves
    /// each as it arrives; the expiration cancels the task.
    private func refreshInGroup(_ task: BackgroundTask) {
        let swallowsCancellation = bugs.contains(.writesAfterExpiration)
        let download = Task { [files, server, clock] in
            let saved = await withTaskGroup(of: Int?.self) { group in
                for page in 1...Self.refreshPages {
                    group.addTask {
                        if swallowsCancellation {
                            _ = try? await server.call("new arrivals")
                            return page
                        }
                        return (try? await server.call("new arrivals")) != nil && !Task.isCancelled ? page : nil
                    }
                }
                var saved = 0
                for await page in group {
                    guard let page, swallowsCancellation || !Task.isCancelled else {
                        group.cancelAll()
                        continue
                    }
                    files.write("page \(page) refreshed at \(clock.now)", to: "/Library/refresh.txt")
                    saved += 1
                }
                return saved
            }
            task.setTaskCompleted(success: saved == Self.refreshPages)
        }
        task.expirationHandler = {
            download.cancel()
            task.setTaskCompleted(success: false)
        }
    }

    /// Pages of new arrivals a refresh downloads.
    static let refreshPages = 5

    // MARK: User actions

    var isSignedIn: Bool { user != nil }

    func signIn() {
        try? environment.secretStore.setSecret(environment.canary, for: "session")
        var updated = preferences
        updated["user"] = "reader"
        if bugs.contains(.tokenInPreferences) { updated["token"] = environment.canary.revealed }
        savePreferences(updated)
    }

    func signOut() {
        try? environment.secretStore.removeSecret(for: "session")
        var updated = preferences
        updated["user"] = nil
        updated["token"] = nil
        savePreferences(updated)
    }

    private func savePreferences(_ updated: [String: String]) {
        preferences = updated
        environment.history.edit(Self.userKey, text: updated["user"])
        files.save(Self.encodePreferences(updated), to: Self.preferencesLocation) { [environment] in
            environment.history.didSave(Self.userKey, text: updated["user"])
        }
    }

    /// The preferences file text: one `key=value` line per preference, sorted by key.
    /// `nonisolated`: a pure function, so no main-actor check around its work.
    nonisolated static func encodePreferences(_ preferences: [String: String]) -> String {
        var text = ""
        for (key, value) in preferences.sorted(by: { $0.key < $1.key }) {
            if !text.isEmpty { text += "\n" }
            text += key
            text += "="
            text += value
        }
        return text
    }

    /// The preferences in a file written by ``encodePreferences(_:)`` (none without a file).
    nonisolated static func parsePreferences(_ text: String?) -> [String: String] {
        var result: [String: String] = [:]
        // Byte splits: the text is the app's own checksummed ASCII.
        for line in (text ?? "").utf8.split(separator: UInt8(ascii: "\n")) {
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else { continue }
            result[String(Substring(line[..<equals]))] = String(Substring(line[line.index(after: equals)...]))
        }
        return result
    }

    func deleteBook(_ id: String) {
        catalogue.delete(id)
        basket.remove(id)
        for controller in sortedControllers where controller.selection == id {
            controller.list.select(nil, recordAsEdit: true)
        }
    }

    /// Sends the basket to the server and records the sync under the database lock.
    func syncBasket() {
        isSyncing = true
        let locks = environment.locks
        if bugs.contains(.lockHeldIntoSuspension) {
            startWork("sync basket") { [self] in
                locks.acquire("library.sqlite")
                defer { locks.release("library.sqlite") }
                do {
                    try await server.call("sync basket")
                } catch {
                    return self.isSyncing = false
                }
                self.files.write("synced \(self.basket.value ?? "")", to: "/Library/sync.txt")
                self.isSyncing = false
            }
        } else {
            var sync: Task<Void, Never>?
            // A server that does not answer would hold the lease past its budget: give up then.
            let lease = environment.runtime.beginExtraTime("sync basket") { sync?.cancel() }
            // `self`, not `[weak self]`: the application scope cancels the task when it ends.
            sync = startWork("sync basket") { [self] in
                defer { lease.end() }
                do {
                    try await server.call("sync basket")
                } catch {
                    return self.isSyncing = false
                }
                locks.withLock("library.sqlite") {
                    self.files.write("synced \(self.basket.value ?? "")", to: "/Library/sync.txt")
                }
                self.isSyncing = false
            }
        }
    }

    /// Starts app-wide work: a `Task {}` in the ordinary style, a task of the application scope
    /// (labelled `label`) in the scoped style.
    @discardableResult
    func startWork(_ label: String, _ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        switch concurrency {
        case .ordinary: Task(operation: operation)
        case .scoped: environment.runtime.applicationScope.task(label, operation)
        }
    }

    /// What the user sees, for the history checks (built again only after a change: the
    /// simulator asks after every step).
    var observations: [VisibleValue] {
        screen.observations { buildObservations() }
    }

    private func buildObservations() -> [VisibleValue] {
        let sorted = sortedControllers
        var result: [VisibleValue] = []
        result.reserveCapacity(3 + 2 * sorted.count)
        result.append(VisibleValue(Self.userKey, text: user))
        if catalogue.books != nil { result.append(VisibleValue(ExampleCatalogue.key, text: catalogue.encodedIDs)) }
        if basket.lines != nil { result.append(VisibleValue(ExampleBasket.key, text: basket.value)) }
        for controller in sorted {
            if controller.note.isHydrated { result.append(VisibleValue(controller.note.key, text: controller.shownNote)) }
            if controller.restorationSettled { result.append(VisibleValue(controller.selectionKey, text: controller.selection)) }
        }
        return result
    }

    /// The controllers sorted by scene id (the order reports and flushes use).
    var sortedControllers: [ExampleSceneController] {
        if let sortedControllersCache { return sortedControllersCache }
        let sorted = Self.sortedByScene(controllers.values)
        sortedControllersCache = sorted
        return sorted
    }

    /// `controllers` in scene id order. `nonisolated`, so that `sorted` is given a plain closure:
    /// a main-actor one pays an isolation check on every comparison.
    private nonisolated static func sortedByScene(
        _ controllers: Dictionary<SceneSessionID, ExampleSceneController>.Values
    ) -> [ExampleSceneController] {
        controllers.sorted { $0.id < $1.id }
    }

    func controller(for scene: LifecycleScene) -> ExampleSceneController? {
        let id = scene.id
        if let lastLookup, lastLookup.id == id { return lastLookup.controller }
        let controller = controllers[id]
        lastLookup = (id, controller)
        return controller
    }
}
