import DurableState
import Lifecycle

/// What Notes and Lists is built from: on a device the real runtime, files and clock; under the
/// lifecycle simulator, the virtual device's. A value the host hands to ``NotesApp``.
public struct NotesEnvironment {
    /// The lifecycle runtime the host drives.
    public var runtime: LifecycleRuntime
    /// Where the app's files live.
    public var fileSystem: any FileSystem
    /// The app's only source of time.
    public var clock: any LifelineClock
    /// The app's log.
    public var logger: LifelineLogger
    /// The directory of the app's data on `fileSystem`.
    public var directory: String
    /// Where the screens register what they show: the simulator's, or `nil` on a device.
    public var screens: ScreenRegistry?

    /// Creates an environment.
    public init(
        runtime: LifecycleRuntime, fileSystem: any FileSystem, clock: any LifelineClock, logger: LifelineLogger = .disabled,
        directory: String, screens: ScreenRegistry? = nil
    ) {
        self.runtime = runtime
        self.fileSystem = fileSystem
        self.clock = clock
        self.logger = logger
        self.directory = directory
        self.screens = screens
    }
}
