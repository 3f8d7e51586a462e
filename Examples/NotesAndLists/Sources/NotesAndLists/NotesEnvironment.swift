import DurableState
import Lifecycle
import LifelineHistory

/// What Notes and Lists is built from: on a device the real runtime, files and clock; under the
/// lifecycle simulator, the virtual device's. A value the host hands to ``NotesApp``.
public struct NotesEnvironment {
    /// The lifecycle runtime the host drives.
    public var runtime: LifecycleRuntime
    /// Where the app's files live, and the history its stores report to (the simulator's, or
    /// none on a device).
    public var storage: StorageEnvironment
    /// The app's only source of time.
    public var clock: any LifelineClock
    /// The app's log.
    public var logger: LifelineLogger
    /// The directory of the app's data in `storage`.
    public var directory: String
    /// Where the screens register what they show: the simulator's, or `nil` on a device.
    public var screens: ScreenRegistry?

    /// Creates an environment.
    public init(
        runtime: LifecycleRuntime, storage: StorageEnvironment, clock: any LifelineClock, logger: LifelineLogger = .disabled,
        directory: String, screens: ScreenRegistry? = nil
    ) {
        self.runtime = runtime
        self.storage = storage
        self.clock = clock
        self.logger = logger
        self.directory = directory
        self.screens = screens
    }

    /// ``storage``'s file system.
    public var fileSystem: any FileSystem { storage.fileSystem }
}
