import DurableState
import Foundation
import Lifecycle
import LifelineHistory

/// Everything one process incarnation may use to reach the outside world, handed by the
/// simulator to the app's composition root (``SimulatedApp/makeIncarnation``).
///
/// ```swift
/// let app = SimulatedApp<Library>(name: "Library") { environment in
///     let library = Library(fileSystem: environment.fileSystem, clock: environment.clock,
///                           screens: environment.screens)
///     environment.runtime.applicationDelegate = library
///     return library
/// }
/// ```
///
/// Time through ``clock`` (or its standard face, `clock.continuous`, for code that sleeps on an
/// injected `any Clock<Duration>`), callbacks through ``dispatchScheduler``, storage through
/// ``fileSystem`` and ``secretStore``, remote calls through ``remoteService(_:)``, logs through
/// ``logger``: that is what makes a run deterministic. The app's own concurrency (`Task {}`,
/// `async let`, task groups, actors, continuations, `AsyncStream`) needs nothing here: the
/// simulator runs every job of it (see <doc:Concurrency>). After the incarnation dies every
/// service here is fenced (storage refuses, logs and edits are dropped). Created by the simulator
/// per launch; lives on the main actor.
@MainActor
public final class SimulationEnvironment {
    /// The incarnation's number: 1 for the first launch of a run, then 2, 3…
    public let incarnation: Int
    /// The lifecycle runtime the simulator drives; set its delegates in the composition root.
    public let runtime: LifecycleRuntime
    /// The virtual clock; the only source of time. Hand `clock.continuous` to code that sleeps on
    /// an injected `any Clock<Duration>` (where a device gives it `ContinuousClock()`).
    public let clock: VirtualClock
    /// Where the app sends callback work instead of `DispatchQueue` (`SystemDispatchScheduler`
    /// on a device): its main queue runs on the main actor, its global queues concurrently, in an
    /// order drawn from the run's seed, with delays in virtual time.
    public let dispatchScheduler: any DispatchScheduler
    /// Counts the app's scoped tasks; their labels name work in reports.
    public let tracker: WorkTracker
    /// The incarnation's fenced view of the simulated disk.
    public let fileSystem: any FileSystem
    /// Where the app's stores keep their data: ``fileSystem``, its SQLite VFS, and ``history``
    /// (unless the app records by hand: ``SimulatedApp/historyFromStorage``). Hand it to every
    /// store of DurableState.
    public let storage: StorageEnvironment
    /// The process's files as Foundation reads and writes them (`Data.write(to:options:)`,
    /// `FileManager`), with Foundation's own system calls on the simulated disk, each write and
    /// read reported to ``history`` under the file's path. Inject it where the app would use
    /// `FileManager.default` (DurableState's `FoundationFiles` on a device).
    public let files: any FileManaging
    /// The device's user defaults as `UserDefaults` keeps them: they outlive the process, reach
    /// the disk a second after a change and are lost to a power loss before that; each set and
    /// read reported to ``history`` under `UserDefaults.<key>`. Inject it where the app would use
    /// `UserDefaults.standard` (DurableState's `UserDefaultsStore` on a device).
    public let defaults: any KeyValueStoring
    /// The device keychain, on the simulated disk. It has no protection classes: give the app
    /// ``secretStore(protectedBy:)``, as a device's Keychain items have one.
    public let secretStore: any SecretStore
    /// The incarnation's logger; records are scanned for canary secrets.
    public let logger: LifelineLogger
    /// Named locks; one held at suspension is a violation.
    public let locks: SimulatedLocks
    /// Where edits and acknowledgements are recorded: by DurableState's storage primitives
    /// themselves (it is ``storage``'s history), by user actions for what they
    /// change on the screens (``UserAction/edits``), and by the app for custom storage.
    public let history: HistoryRecorder
    /// The screens the app has open: hand it to the app's view models, which register with it
    /// (DurableState's `VisibleValues`); what they show is what the history checks, besides
    /// ``SimulatedApp/observe``.
    public let screens = ScreenRegistry()
    /// A secret the app should treat as a real credential (a sign-in token from the "server"):
    /// the simulator checks it never reaches preferences, restoration state, logs or plain files.
    public let canary: Secret
    /// The app's configuration in this run, one of ``SimulatedApp/variants`` (drawn from the
    /// run's seed), or `nil` when the app declares none.
    public let variant: String?
    /// The version of the app this process runs, one of ``SimulatedApp/versions`` (the first
    /// until an update installs the next), or `nil` when the app declares none.
    public let appVersion: String?
    private let context: RunContext

    init(
        incarnation: Int, runtime: LifecycleRuntime, clock: VirtualClock, storage: StorageEnvironment,
        logger: LifelineLogger, locks: SimulatedLocks, history: HistoryRecorder, defaults: DeviceDefaults, canary: Secret,
        variant: String?, appVersion: String?,
        context: RunContext, dispatchScheduler: any DispatchScheduler
    ) {
        self.incarnation = incarnation
        self.runtime = runtime
        self.clock = clock
        self.dispatchScheduler = dispatchScheduler
        self.tracker = runtime.tracker
        self.fileSystem = storage.fileSystem
        self.storage = storage
        self.files = SimulatedFiles(
            fileSystem: storage.fileSystem, history: storage.history, process: incarnation,
            protections: storage.protectedData is AlwaysAvailable ? nil : context.fileProtections)
        self.defaults = SimulatedDefaults(device: defaults, context: context, history: storage.history, process: incarnation)
        self.secretStore = SimulatedSecretStore(fileSystem: storage.fileSystem)
        self.logger = logger
        self.locks = locks
        self.history = history
        self.canary = canary
        self.variant = variant
        self.appVersion = appVersion
        self.context = context
    }

    /// The device keychain with its items of class `protection` (`kSecAttrAccessible…`): refused
    /// with `SecretStoreError.protectedDataUnavailable` while the device is locked as the class
    /// says (``SimulationOptions/deviceLocks``), never read as missing.
    public func secretStore(protectedBy protection: DataProtection) -> any SecretStore {
        ProtectedSecretStore(base: secretStore, protection: protection, availability: storage.protectedData)
    }

    /// Whether this incarnation is still alive (not killed, not terminated).
    public var isAlive: Bool { context.isAlive(incarnation) }

    /// Reports a crash the app would hit on a device (a trap, an exception), without ending the
    /// test process: the run stops with an ``Violation/Kind/appCrash`` violation.
    public func reportCrash(_ reason: String) {
        guard context.isAlive(incarnation) else { return }
        context.report(.appCrash, reason)
    }

    /// A remote service the app talks to (`catalogue`, `library server`), as the device's network
    /// treats its calls: each takes a round trip of the run's ``LatencyModel`` on ``clock``, may be
    /// lost, and meets the service's outages, which the explorer generates for every service an
    /// incarnation asked for (``SimulationEvent/serviceDown(service:failing:)``). Wrap the app's
    /// service client with it in the composition root (see ``SimulatedRemoteService``).
    public func remoteService(_ name: String) -> SimulatedRemoteService {
        context.registerRemoteService(name)
        return SimulatedRemoteService(name: name, context: context, incarnation: incarnation, clock: clock)
    }

    /// A source of identifiers for what an app names with `UUID()` on a device (request ids,
    /// record ids): `"\(prefix)-\(incarnation)-1"`, then `-2`, `-3`… — unique across the run's
    /// processes and the same on every replay. Each call starts its own count.
    public func identifiers(prefix: String) -> @MainActor () -> String {
        var count = 0
        let incarnation = incarnation
        return {
            count += 1
            return "\(prefix)-\(incarnation)-\(count)"
        }
    }

    /// Records a line in the trace, in the `app` lane.
    public func trace(_ text: String) {
        guard context.isAlive(incarnation) else { return }
        context.record("app", text)
    }
}
