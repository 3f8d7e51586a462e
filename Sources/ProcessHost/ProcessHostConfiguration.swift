import Lifecycle

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Everything a ``ProcessHost`` is set up with: how the process launches, which scenes connect,
/// the background budgets and grant policy, the termination grace period and the terminal options.
/// A `Sendable` value created by the app before it creates the host.
public struct ProcessHostConfiguration: Sendable {
    /// The options `willFinishLaunching` and `didFinishLaunching` receive.
    public var launchOptions: LaunchOptions
    /// The scene sessions connected at launch, in order (one terminal scene by default). Pass
    /// sessions with their restoration payloads to restore windows from a previous run.
    public var sessions: [SceneSession]
    /// What the scenes connected at launch are connected with.
    public var connectionOptions: ConnectionOptions
    /// Background time budgets: the lease budget bounds the wait before a stop.
    public var budgets: BackgroundBudgets
    /// How long termination may take, from the signal to the exit; `nil` means the transition
    /// budget (`budgets.transition`, ~5 s).
    public var terminationGrace: Duration?
    /// When submitted background-task requests are granted.
    public var backgroundTasks: BackgroundTaskPolicy
    /// How the terminal is set up in the foreground.
    public var terminal: TerminalOptions
    /// How long a lone `ESC` waits for the rest of a sequence before it counts as the Escape key.
    public var escapeTimeout: Duration
    /// Whether the system's memory-pressure notifications (Dispatch on Darwin, PSI on Linux) are
    /// delivered as memory warnings, in addition to `SIGUSR1`.
    public var observesMemoryPressure: Bool
    /// The descriptor keys are read from.
    public var inputDescriptor: Int32
    /// The descriptor the app draws to.
    public var outputDescriptor: Int32

    /// Creates a configuration; the defaults fit a terminal app with one scene.
    public init(
        launchOptions: LaunchOptions = LaunchOptions(),
        sessions: [SceneSession] = [SceneSession(id: SceneSessionID("terminal"))],
        connectionOptions: ConnectionOptions = .none,
        budgets: BackgroundBudgets = .iOS,
        terminationGrace: Duration? = nil,
        backgroundTasks: BackgroundTaskPolicy = .asSoonAsAllowed,
        terminal: TerminalOptions = TerminalOptions(),
        escapeTimeout: Duration = .milliseconds(30),
        observesMemoryPressure: Bool = true,
        inputDescriptor: Int32 = STDIN_FILENO,
        outputDescriptor: Int32 = STDOUT_FILENO
    ) {
        self.launchOptions = launchOptions
        self.sessions = sessions
        self.connectionOptions = connectionOptions
        self.budgets = budgets
        self.terminationGrace = terminationGrace
        self.backgroundTasks = backgroundTasks
        self.terminal = terminal
        self.escapeTimeout = escapeTimeout
        self.observesMemoryPressure = observesMemoryPressure
        self.inputDescriptor = inputDescriptor
        self.outputDescriptor = outputDescriptor
    }

    /// The grace period in force.
    public var effectiveTerminationGrace: Duration { terminationGrace ?? budgets.transition }
}
