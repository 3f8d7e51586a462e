import DurableState
import Foundation
import Lifecycle

/// One schedule on one virtual device: the device's sessions and pending requests, the process
/// incarnation alive, the disk, the history and the trace. Applies events, drives the app to
/// quiescence after each one, checks invariants and finally relaunches to check the history.
///
/// Created by ``Simulator`` for one run and dropped after it; lives on the main actor.
@MainActor
final class SimulationRun {
    let app: ErasedApp
    let options: SimulationOptions
    let seed: UInt64
    let context: RunContext
    let disk: any DeviceDisk
    let canary: Secret
    /// The app's configuration in this run (``SimulatedApp/variants``), drawn from the seed.
    let variant: String?
    /// What the incarnations' callbacks report: requests, live edits, resignations.
    let inbox = DeviceInbox()
    /// The device's user defaults, which outlive each process.
    let defaults = DeviceDefaults()
    /// The run's ready work and whose it is: every job and dispatch block of its processes.
    let scheduler: RunScheduler

    /// The index of the app's version installed (``SimulatedApp/versions``), updated by
    /// ``SimulationEvent/updateApp``.
    var appVersion = 0
    /// Scene sessions by slot: they survive process deaths, as iOS keeps them.
    var sessions = SlotSessions()
    var sessionGenerations: [Int: Int] = [:]
    /// The incarnation and the revisions of its runtime's sessions and of ``sessions`` right
    /// after ``capturePayloads()`` last left every payload captured (see there).
    var capturedSessions: (incarnation: Int, runtime: Int, device: Int)?
    /// The slot a user launch brings back.
    var frontSlot: Int?
    /// Sessions discarded while the process was not running, reported at the next launch.
    var pendingDiscards: [SceneSessionID] = []
    /// The incarnation alive, if any.
    var current: ProcessIncarnation?
    var incarnationCount = 0
    /// A crash armed by ``SimulationEvent/crashDuringNextStep(atOperation:death:)``.
    var armedForNextStep: (operation: Int, death: ProcessDeath)?
    /// The files of each ``DatabaseCheck``'s database, by path, as its last check found them intact.
    var checkedDatabases: [String: [Data]] = [:]


    private(set) var applied: [SimulationEvent] = []
    private(set) var skipped = 0
    private(set) var writesPerStep: [Int] = []
    /// Rounds of due timers and captured jobs since the device last settled (see
    /// ``SimulationOptions/busyLoopLimit``).
    var busyRounds = 0

    init(app: ErasedApp, options: SimulationOptions, seed: UInt64, disk: any DeviceDisk) {
        self.app = app
        self.options = options
        self.seed = seed
        self.disk = disk
        var mix = seed ^ 0x5EC2_E7CA_4A27
        let canaryText = "lifeline-canary-" + String(SimulationRandom.splitMix(&mix), radix: 36)
        self.canary = Secret(canaryText)
        self.scheduler = RunScheduler(seed: SimulationRandom.derive(seed, Self.schedulingStream))
        let latencySeed = SimulationRandom.derive(seed, Self.latencyStream)
        let latency = options.latency.model(drawingFrom: latencySeed)
        self.context = RunContext(
            canaries: [canaryText], keepsTrace: options.keepsTrace, seed: seed, latency: latency, latencySeed: latencySeed,
            recordsDurableOperations: options.recordsDurableOperations,
            offDeviceDirectories: [SimulatedSecretStore.directory] + app.offDeviceDirectories
        )
        if latency != .none { context.record("run", "latency \(latency)") }
        if app.variants.isEmpty {
            variant = nil
        } else {
            let draw = SimulationRandom.derive(seed, Self.variantStream) % UInt64(app.variants.count)
            variant = app.variants[Int(draw)]
            context.record("run", "variant \(app.variants[Int(draw)])")
        }
    }

    /// The index of the latency stream among the streams derived from a run's seed.
    static let latencyStream: UInt64 = 0x1A7E_0C1
    /// The index of the stream the app's variant is drawn from.
    static let variantStream: UInt64 = 0x7A_21A7
    /// The index of the stream the scheduler draws the next piece of concurrent work from.
    static let schedulingStream: UInt64 = 0x5C_4ED

    /// Installs the simulator's executors at the first run of the process (see
    /// ``SimulatorExecutors/install()``) and yields; returns whether they are installed.
    ///
    /// A run holds the main actor from its beginning to its end without suspending (it is
    /// synchronous, so that no other task of the process runs on the main actor while it
    /// captures jobs): without a yield between runs, a loop of them would keep every other
    /// main-actor task — a test beside it, an interface — waiting until the loop ends.
    static func prepareExecutors() async -> Bool {
        await Task.yield()
        guard #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) else { return false }
        return SimulatorExecutors.install()
    }

    /// Makes this run the one whose jobs the simulator's executors capture (see ``JobCapture``),
    /// if they are installed (`executorsInstalled`, from ``prepareExecutors()``); where the
    /// toolchain cannot install them, the run reports it and stops.
    func beginCapture(executorsInstalled: Bool) {
        guard executorsInstalled else {
            context.report(
                .escapedWork,
                "the simulator could not install its executors (Swift 6.2 or later with the experimental executor factory is needed): the app's work cannot be scheduled"
            )
            return
        }
        scheduler.begin()
    }

    /// Ends the capture: nothing of the run runs any more; what is left of its work is buried.
    func endCapture() {
        scheduler.finish()
    }

    var violation: Violation? { context.violation }
    var isAlive: Bool { current != nil }
    var isRunning: Bool { current != nil && !context.isSuspended }

    /// The connected scene of `slot`, if any.
    func scene(_ slot: Int) -> LifecycleScene? {
        guard let current, let id = sessions.id(of: slot) else { return nil }
        return current.runtime.connectedScene(id)
    }

    /// The state of the connected scene of `slot`, `nil` without one.
    func sceneState(_ slot: Int) -> SceneState? {
        scene(slot)?.state
    }

    /// Applies `event` as the next step if it is legal now, lets the device settle and runs the
    /// step's checks; returns false (and applies nothing) if it is not legal.
    @discardableResult
    func perform(_ event: SimulationEvent) -> Bool {
        guard violation == nil else { return false }
        guard refusal(of: event) == nil else {
            skipped += 1
            return false
        }
        context.step = applied.count
        applied.append(event)
        context.writesThisStep = 0
        inbox.resignedScenes = []
        inbox.appResigned = false
        inbox.backgroundedScenes = []
        context.record("step", event.description) { hash in
            hash.combine(byte: 1)
            event.digest(into: &hash)
        }
        let armed = armedForNextStep
        if let armed {
            armedForNextStep = nil
            context.armedDeath = armed
        }
        apply(event)
        if let death = deathAtEndOfStep(armed: armed) { die(death) }
        closeStep()
        return true
    }

    /// The death that ends the step once its event is applied, if any: the crash armed for it
    /// (recorded here when it has not tripped mid-step) or one that tripped.
    private func deathAtEndOfStep(armed: (operation: Int, death: ProcessDeath)?) -> ProcessDeath? {
        if let armed, isAlive, violation == nil {
            context.armedDeath = nil
            if context.trippedDeath == nil { context.record("process", "dies at the end of the step") }
            return context.trippedDeath ?? armed.death
        }
        return context.trippedDeath
    }

    /// The end of every applied step: the suspension of an app out of background time, then the
    /// checks.
    private func closeStep() {
        if defaults.writeIfDue(at: context.now, storageFull: context.isDiskFull) { context.record("device", "user defaults written") }
        suspendIfOutOfTime()
        context.armedDeath = nil
        writesPerStep.append(context.writesThisStep)
        endOfStep()
    }

    /// The outcome after the last step (and the final check, if enabled).
    func finish() -> ScheduleOutcome {
        if violation == nil, options.performsFinalCheck { finalCheck() }
        context.recordLatencyDraws()
        if let current {
            context.liveIncarnation = 0
            self.current = nil
            // The last process's work unwinds (fenced) while its objects are alive, as a dead
            // process's does before the next launch: a task woken by the cancellation may still
            // reach them.
            halt(current)
            unwind(current)
        }
        endCapture()
        return ScheduleOutcome(
            seed: seed, variant: variant, events: applied, skipped: skipped, violation: violation,
            traceHash: context.trace.hash, trace: context.trace.records, writesPerStep: writesPerStep,
            yields: 0, simulatedMilliseconds: RunContext.milliseconds(context.now),
            incarnations: incarnationCount, durableOperations: context.durableOperations
        )
    }
}

/// A scene session the device keeps in a slot: its identity and latest restoration payload.
struct SessionRecord {
    var id: SceneSessionID
    var payload: Data?
}
