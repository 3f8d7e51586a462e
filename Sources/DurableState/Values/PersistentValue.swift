import Foundation
import Lifecycle
import LifelineHistory

/// A value that saves itself: the shopping-cart lesson as a library type.
///
/// ```swift
/// let cart = PersistentValue(initialValue: Cart(), storage: storage, clock: clock,
///                            scope: runtime.applicationScope, name: "cart")
/// await cart.hydrate()                             // nothing is written before this
/// cart.flushOnDeactivation(of: runtime)            // inactive / background → flush at once
/// cart.value.lines.append(line)                    // saved 300 ms after the last change
/// ```
///
/// - **Debounce**: rapid changes coalesce into one save after a quiet interval (300 ms by
///   default), timed by the injected `LifelineClock`.
/// - **Flush**: ``flush(whenDone:)`` cancels the pending debounce and saves at once; the lifecycle
///   helpers call it on inactive and background, under an extra-time lease.
/// - **Hydration guard**: nothing is written before ``hydrate()`` has loaded the stored value, so
///   an empty in-memory value never overwrites a saved one. Changes made before hydration are
///   replaced by the stored value if there is one (gate editing on ``isHydrated``).
/// - **One save path**: the debounce and the flush both call the same private save; only one save
///   is in flight at a time, and changes made meanwhile are saved right after it.
/// - **Observable outcome**: ``saveState`` (and ``addSaveStateObserver(_:)``) says idle, pending,
///   saving, saved(generation) or failed; a failure is logged without the value and retried on the
///   next change or flush, and, when its cause may pass (no space left, a file that cannot be
///   read now, a service that did not answer: ``ValueStorageError/mayPass``), on its own after
///   `retry`'s backoff (1 s, doubling, at most a minute by default), so an edit made while the
///   disk was full is saved once it has room, with no other change.
/// - **History**: on a simulated device (`StorageHistory`) every change of ``value`` is recorded
///   as the user's edit and acknowledged when ``saveState`` says saved, and what ``hydrate()``
///   loaded is checked against the history (even when no screen shows it), under `name` unless
///   `history` names the value (`HistoryRecording`). The history comes from the storage's
///   ``ValueStorage/storageHistory``; on a device there is none, and nothing is recorded.
///
/// Owned by the composition root or a screen model; lives on the main actor. Save tasks run in the
/// given `TaskScope` (so the simulator sees them); with ``DurableValueStorage`` a save completes
/// without suspending.
@MainActor
public final class PersistentValue<Value: Sendable> {
    /// A name for logs and task labels (not user data).
    public let name: String
    /// The quiet interval after the last change before the debounced save.
    public let debounce: Duration

    /// Whether the stored value has been loaded; until then nothing is written.
    public private(set) var isHydrated = false
    /// The state of the latest change.
    public private(set) var saveState: SaveState = .idle
    /// Number of changes made to ``value`` so far: the generation of the latest change.
    public private(set) var changeCount = 0
    /// The highest generation known to be stored.
    public private(set) var savedGeneration = 0
    /// Saves started (calls into the storage), for tests and benchmarks.
    public private(set) var saveAttempts = 0
    /// What the successful ``hydrate()`` had to work around (the storage's
    /// ``ValueStorage/lastLoadIssues``): a damaged copy moved aside, a backup used. Tell the user;
    /// the value may be an older generation or the initial one.
    public private(set) var loadIssues: [LoadIssue] = []
    /// What ``hydrate()`` found, for the user (``LoadOutcome``): the latest copy, an older
    /// generation, a fresh start after damage, or a stored value that cannot be read now (then
    /// nothing is written until a later ``hydrate()`` reads it). Show it once.
    public private(set) var loadOutcome: LoadOutcome = .loaded

    private let storage: any ValueStorage<Value>
    private let clock: any LifelineClock
    private let scope: TaskScope
    private let logger: LifelineLogger
    /// Where edits and acknowledgements go on a simulated device (reports nothing elsewhere).
    private let history: HistoryReporter
    private var current: Value
    /// The debounce timer; non-nil only while a change waits for it.
    private var debounceTimer: ScheduledAction?
    /// How long to wait before saving again after failed saves, by how many failed in a row;
    /// `nil`: only the next change or flush saves again.
    private let retry: RetryBackoff?
    /// Saves that failed in a row, since the last that succeeded.
    private var failuresInARow = 0
    /// The retry timer; non-nil only while a failed save waits for it.
    private var retryTimer: ScheduledAction?
    /// True while a storage save is in flight; no second one starts until it ends.
    private var isSaving = false
    /// Set when a save was asked for while another was in flight: start one as soon as it ends.
    private var saveAgainWhenDone = false
    private var isHydrating = false
    /// Flush completions waiting for a generation to be stored (or a save attempt to fail).
    private var flushWaiters: [(generation: Int, completion: @MainActor (SaveState) -> Void)] = []
    private var observers: [Int: @MainActor (SaveState) -> Void] = [:]
    private var nextObserverID = 0

    /// Creates the value with `initialValue` in memory; call ``hydrate()`` before relying on it.
    public init(
        initialValue: Value,
        storage: some ValueStorage<Value>,
        clock: any LifelineClock,
        scope: TaskScope,
        name: String,
        debounce: Duration = .milliseconds(300),
        retry: RetryBackoff? = PersistentValue.defaultRetry,
        logger: LifelineLogger = .disabled,
        history: HistoryRecording = .automatic
    ) {
        self.current = initialValue
        self.retry = retry
        self.storage = storage
        self.clock = clock
        self.scope = scope
        self.name = name
        self.debounce = debounce
        self.logger = logger.category("persistent-value")
        self.history = history.reporter(name: HistoryKey(name), persistence: .durable, history: storage.storageHistory)
        self.history.setDefault(initialValue)
    }

    /// The retry after failed saves by default: 1 s after the first, doubling, at most a minute
    /// (an app left open on a full disk tries about once a minute, not once a second).
    public nonisolated static var defaultRetry: RetryBackoff {
        RetryBackoff(initial: .seconds(1), multiplier: 2, maximum: .seconds(60))
    }

    /// The current value. Setting it counts a change and (once hydrated) schedules the debounced save.
    public var value: Value {
        get { current }
        set {
            history.edit(newValue)
            current = newValue
            changeCount += 1
            guard isHydrated else { return }
            if !isSaving { setState(.pending) }
            scheduleDebounce()
        }
    }

    /// Sets ``value`` to `newValue` only if the storage could store it (``ValueStorage/check(_:)``):
    /// a value over the store's size limit is refused here, at the edit, before anything shows it.
    /// - Throws: ``ValueStorageError``; ``value`` is unchanged then.
    public func update(_ newValue: Value) throws(ValueStorageError) {
        try storage.check(newValue)
        value = newValue
    }

    /// Whether changes exist that are not known to be stored.
    public var hasUnsavedChanges: Bool { changeCount > savedGeneration }

    /// Loads the stored value, replacing the in-memory one if something is stored, and lifts the
    /// hydration guard. If nothing is stored and the value was changed meanwhile, a save is
    /// scheduled. A failed load leaves the guard in place (``saveState`` is `failed`); call again
    /// to retry.
    @discardableResult
    public func hydrate() async -> HydrationOutcome {
        guard !isHydrated else { return .alreadyHydrated }
        guard !isHydrating else { return .alreadyHydrating }
        isHydrating = true
        defer { isHydrating = false }
        let stored: Value?
        do {
            stored = try await storage.load()
        } catch {
            logger.error("Could not load '\(name, privacy: .public)'; nothing will be written until a load succeeds: \(error.description, privacy: .public)")
            if case .unreadable(.unreadable(let path, let cause)) = error { loadOutcome = .unreadable(path: path, cause: cause) }
            setState(.failed(error))
            return .failed(error)
        }
        isHydrated = true
        loadIssues = storage.lastLoadIssues
        loadOutcome = storage.lastLoadOutcome
        if let stored {
            current = stored
            savedGeneration = changeCount
            setState(.idle)
            history.didLoad(stored)
            return .loaded
        }
        if hasUnsavedChanges {
            setState(.pending)
            scheduleDebounce()
        } else {
            savedGeneration = changeCount
            setState(.idle)
            history.didLoad(current)   // nothing stored: the initial value, as the history's default
        }
        return .nothingStored
    }

    /// Saves now: cancels the pending debounce and starts the save (or, if one is in flight,
    /// starts another as soon as it ends). `completion` runs once every change made so far is
    /// stored, or once the attempt fails, or at once if there is nothing to save (or the value is
    /// not hydrated: nothing is written then).
    public func flush(whenDone completion: (@MainActor (SaveState) -> Void)? = nil) {
        guard isHydrated, hasUnsavedChanges else {
            completion?(saveState)
            return
        }
        if let completion { flushWaiters.append((changeCount, completion)) }
        save()
    }

    /// Registers `handler` for every change of ``saveState``.
    @discardableResult
    public func addSaveStateObserver(_ handler: @escaping @MainActor (SaveState) -> Void) -> SaveStateObservation {
        nextObserverID += 1
        let id = nextObserverID
        observers[id] = handler
        return SaveStateObservation(remove: { [weak self] in self?.observers[id] = nil })
    }

    private func scheduleDebounce() {
        debounceTimer?.cancel()
        debounceTimer = clock.schedule(after: debounce) { [weak self] in
            self?.debounceTimer = nil
            self?.save()
        }
    }

    /// The one save path, for the debounce, the flush and the retry alike.
    private func save() {
        debounceTimer?.cancel()
        debounceTimer = nil
        retryTimer?.cancel()
        retryTimer = nil
        guard isHydrated, hasUnsavedChanges else {
            completeWaiters()
            return
        }
        guard !isSaving else {
            saveAgainWhenDone = true
            return
        }
        isSaving = true
        saveAttempts += 1
        let snapshot = current
        let generation = changeCount
        setState(.saving)
        scope.task("save \(name)") { [self] in
            do throws(ValueStorageError) {
                try await storage.save(snapshot)
                didSave(generation, snapshot, error: nil)
            } catch {
                didSave(generation, snapshot, error: error)
            }
        }
    }

    /// The end of a save of `snapshot`, the value of `generation`.
    private func didSave(_ generation: Int, _ snapshot: Value, error: ValueStorageError?) {
        isSaving = false
        if let error {
            failuresInARow += 1
            let retryDelay = error.mayPass ? retry?.delay(afterFailures: failuresInARow) : nil
            let when = retryDelay.map { "retrying in \($0)" } ?? "the next change retries"
            logger.error("Saving '\(name, privacy: .public)' failed; \(when, privacy: .public): \(error.description, privacy: .public)")
            if error.leftStoredValueUnchanged { history.didFailToSave(snapshot) }
            setState(.failed(error))
            if let retryDelay, !saveAgainWhenDone {
                retryTimer = clock.schedule(after: retryDelay) { [weak self] in
                    self?.retryTimer = nil
                    self?.save()
                }
            }
            let waiters = flushWaiters
            flushWaiters.removeAll()
            for waiter in waiters { waiter.completion(saveState) }
            if saveAgainWhenDone {
                saveAgainWhenDone = false
                save()
            }
            return
        }
        failuresInARow = 0
        savedGeneration = max(savedGeneration, generation)
        if saveAgainWhenDone {
            saveAgainWhenDone = false
            completeWaiters()
            save()
        } else if hasUnsavedChanges {
            setState(.pending)
            completeWaiters()
        } else {
            // What the app may now show as saved: the value of this save, the newest.
            history.didSave(snapshot)
            setState(.saved(generation: savedGeneration))
            completeWaiters()
        }
    }

    private func completeWaiters() {
        let ready = flushWaiters.filter { $0.generation <= savedGeneration }
        guard !ready.isEmpty else { return }
        flushWaiters.removeAll { $0.generation <= savedGeneration }
        let state: SaveState = .saved(generation: savedGeneration)
        for waiter in ready { waiter.completion(state) }
    }

    private func setState(_ state: SaveState) {
        guard state != saveState else { return }
        saveState = state
        for (_, handler) in observers.sorted(by: { $0.key < $1.key }) { handler(state) }
    }
}

/// What ``PersistentValue/hydrate()`` found. A value, `Sendable`.
public enum HydrationOutcome: Sendable, Equatable {
    /// A stored value was loaded and replaced the in-memory one.
    case loaded
    /// Nothing was stored; the in-memory value stays (and is saved if it was changed).
    case nothingStored
    /// The load failed; nothing will be written until a later ``PersistentValue/hydrate()`` succeeds.
    case failed(ValueStorageError)
    /// Hydration had already completed.
    case alreadyHydrated
    /// Another hydration is in progress.
    case alreadyHydrating
}

/// A registration made by ``PersistentValue/addSaveStateObserver(_:)``: Lifecycle's observation
/// handle, whose `cancel()` removes the observer. Owned by whoever registered; main actor.
public typealias SaveStateObservation = LifecycleObservation
