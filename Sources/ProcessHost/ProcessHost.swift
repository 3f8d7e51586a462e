import Dispatch
import Lifecycle

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs a Lifeline app as a real Linux or macOS process: POSIX signals, terminal focus and the
/// keyboard are mapped to the lifecycle of one terminal scene.
///
/// ```swift
/// let host = ProcessHost(configuration: ProcessHostConfiguration(terminal: .fullScreen))
/// host.runtime.applicationDelegate = appDelegate
/// host.runtime.sceneDelegateFactory = { scene in TerminalWindow(scene: scene) }
/// host.onKey = { key in if key == .character("q") { host.quit() } }
/// host.run()   // never returns: the process ends through the lifecycle
/// ```
///
/// | what happens | lifecycle |
/// |---|---|
/// | start | `willFinishLaunching`, `didFinishLaunching`, scene connects, foreground, active |
/// | `SIGTSTP` (Ctrl-Z) | resign active, background; terminal restored; once extra-time leases end (bounded by the lease budget), `.suspend` and the process really stops (`SIGSTOP`) |
/// | `SIGCONT` (`fg`) | after 50 ms (a `SIGTERM` sent with it wins): `.resume`; terminal mode again; foreground, active (`bg`: stays in the background) |
/// | `SIGTERM`, `SIGINT`, `SIGQUIT` (Ctrl-\\), ``quit()`` | resign active, background, `willTerminate`; exit 0 once cancelled work ends, within the grace period |
/// | `SIGTERM` while suspended | no callback (iOS ends suspended apps silently); exit 0 |
/// | `SIGHUP` | scenes disconnect, `willTerminate`, exit 0 |
/// | focus out / in (`ESC[O`, `ESC[I`) | inactive / active |
/// | `SIGUSR1`, system memory pressure | `didReceiveMemoryWarning` |
/// | `SIGWINCH` | ``onRedraw`` |
/// | `SIGKILL` | nothing: the process is gone |
///
/// Signals are received through Dispatch sources on the main queue, armed (with the default
/// dispositions ignored) before the app launches, so none is missed and no app code runs in signal
/// context. The terminal is restored whenever the app leaves the foreground, on exit, and on a crash.
/// Without a terminal (pipes, as in tests) the terminal mode is skipped; everything else, focus
/// reports included, works the same.
///
/// Background-task requests are granted by ``BackgroundTaskPolicy``; time is the injected clock
/// (`SystemClock` by default).
///
/// The app creates one host in `main.swift`, configures ``runtime`` and calls ``run()``. The host
/// owns the runtime for the life of the process and ends the process itself. Lives on the main
/// actor.
@MainActor
public final class ProcessHost: LifecycleHost {
    /// The lifecycle runtime this host drives; configure its delegates before ``run()``.
    public let runtime: LifecycleRuntime
    /// What the host was set up with.
    public let configuration: ProcessHostConfiguration
    /// The terminal the process runs in.
    public let terminal: Terminal
    /// Receives each key while the app is in the foreground.
    public var onKey: (@MainActor (KeyPress) -> Void)?
    /// Receives each line typed (keys up to Return, with Backspace applied) while in the foreground.
    public var onLine: (@MainActor (String) -> Void)?
    /// Called when the terminal changed size (`SIGWINCH`) while running, with the new size (`nil`
    /// without a terminal).
    public var onRedraw: (@MainActor (TerminalSize?) -> Void)?
    /// Called once when standard input ends.
    public var onEndOfInput: (@MainActor () -> Void)?

    let logger: LifelineLogger
    /// Every lifecycle decision; the only place phases change.
    var machine = HostStateMachine()
    var signalMonitor: SignalMonitor?
    var inputReader: InputReader?
    var memoryMonitor: MemoryPressureMonitor?
    var parser = InputParser()
    /// Resolves a pending lone `ESC`; replaced on every read.
    var escapeFlush: ScheduledAction?
    /// The line being typed, for ``onLine``.
    var lineBuffer = ""
    /// Sessions of the scenes this host connected, in connection order.
    var sceneOrder: [SceneSessionID] = []
    /// Bumped when a suspension begins or ends; a lease wait from an older suspension stops.
    var suspensionGeneration = 0
    /// Pending grants of submitted background-task requests, by identifier.
    var grantTimers: [String: ScheduledAction] = [:]
    /// Requests that fell due while stopped; granted on resume.
    var grantsDueAfterResume: [String] = []
    /// Whether a check for regaining the terminal is scheduled (running in the background after `bg`).
    var isWatchingTerminalOwnership = false
    /// A `SIGCONT` waiting out ``continueSettling`` before the app resumes.
    var pendingContinue: ScheduledAction?
    private var isStarted = false

    /// Creates a host and its runtime. Nothing happens until ``start()`` or ``run()``.
    public init(
        configuration: ProcessHostConfiguration = ProcessHostConfiguration(),
        clock: any LifelineClock = SystemClock(),
        logger: LifelineLogger = .disabled
    ) {
        self.configuration = configuration
        self.logger = logger.category("process-host")
        self.terminal = Terminal(
            options: configuration.terminal, input: configuration.inputDescriptor,
            output: configuration.outputDescriptor
        )
        self.runtime = LifecycleRuntime(clock: clock, logger: logger, budgets: configuration.budgets)
        runtime.host = self
    }

    /// The budgets the runtime enforces under this host.
    public var budgets: BackgroundBudgets { configuration.budgets }

    /// The clock every deadline goes through.
    public var clock: any LifelineClock { runtime.clock }

    /// Whether the app is in the foreground of its terminal (scenes foreground, terminal owned).
    public var isInForeground: Bool { machine.sceneTarget.isForeground }

    /// Starts the host and hands the main thread to Dispatch. Never returns: the process ends
    /// through the lifecycle (termination, hang-up) or a kill.
    public func run() -> Never {
        start()
        dispatchMain()
    }

    /// Arms the signal sources and, once they are registered, enters the terminal, launches and
    /// connects the scenes. For apps that run the main queue themselves; prefer ``run()``.
    /// Calling it twice does nothing.
    public func start() {
        guard !isStarted else { return }
        isStarted = true
        EmergencyTerminalRestore.installOnce()
        let monitor = SignalMonitor(signals: ProcessSignal.allCases) { [weak self] signal in
            self?.receive(signal)
        }
        signalMonitor = monitor
        monitor.start { [weak self] in self?.signalsArmed() }
    }

    /// Ends the app as `SIGTERM` does: scenes to the background, `willTerminate`, exit.
    public func quit() {
        logger.info("The app asked to quit.")
        perform(machine.terminationRequested())
    }

    private func signalsArmed() {
        if configuration.observesMemoryPressure {
            let monitor = MemoryPressureMonitor { [weak self] in
                guard let self else { return }
                self.logger.info("The system reported memory pressure.")
                self.perform(self.machine.memoryWarning())
            }
            if monitor.start() { memoryMonitor = monitor }
        }
        perform(machine.started(ownsTerminal: terminal.ownsForeground))
    }

    func receive(_ signal: ProcessSignal) {
        logger.info("Received \(signal.description, privacy: .public).")
        switch signal {
        case .terminalStop: perform(machine.stopRequested())
        case .continue:
            pendingContinue?.cancel()
            pendingContinue = clock.schedule(after: Self.continueSettling) { [weak self] in
                guard let self else { return }
                self.pendingContinue = nil
                self.perform(self.machine.continued(ownsTerminal: self.terminal.ownsForeground))
            }
        case .terminate, .interrupt, .quit:
            pendingContinue?.cancel()
            pendingContinue = nil
            perform(machine.terminationRequested())
        case .hangUp: perform(machine.hungUp())
        case .userDefined1: perform(machine.memoryWarning())
        case .windowChange: perform(machine.resized())
        }
    }

    /// How long a `SIGCONT` waits before the app resumes. Signals sent together to a stopped
    /// process (`kill -TERM` then `kill -CONT`) reach their Dispatch sources in no fixed order; a
    /// termination that comes with the continue must still end the suspended app silently, as iOS
    /// ends suspended apps.
    static let continueSettling: Duration = .milliseconds(50)

    func perform(_ action: HostStateMachine.Action) {
        switch action {
        case .none: break
        case .launch(let target): launch(scenes: target)
        case .moveScenes(let target): moveScenes(to: target)
        case .beginSuspension: beginSuspension()
        case .stopProcess: stopProcess()
        case .resume(let target): resume(scenes: target)
        case .terminate(let disconnect): terminate(disconnect: disconnect)
        case .exitWithoutCallbacks: finish(status: EXIT_SUCCESS)
        case .forceExit:
            logger.warning("A second termination request arrived while terminating; exiting now.")
            finish(status: TerminationWatchdog.overrunStatus)
        case .deliverMemoryWarning: send(.memoryWarning)
        case .redraw: onRedraw?(terminal.size)
        }
        watchTerminalOwnershipIfNeeded()
    }

    /// Hands `event` to the runtime; a refused event is logged (the runtime is unchanged then).
    @discardableResult
    func send(_ event: HostEvent) -> Bool {
        do {
            try runtime.handle(event)
            return true
        } catch {
            logger.error("The runtime refused \(event.description, privacy: .public): \(error.description, privacy: .public)")
            return false
        }
    }
}
