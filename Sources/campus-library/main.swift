import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import ProcessHost

// campus-library: the Campus Library reference app in a terminal, on ProcessHost.
// Ctrl-Z suspends (fg resumes), SIGTERM / Ctrl-C end it through the lifecycle, SIGKILL loses
// nothing that was acknowledged; windows, notes and the session come back at the next launch.
// Exit status 75: another instance holds the data directory (nothing was written).

let arguments: LaunchArguments
do {
    arguments = try LaunchArguments.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
} catch {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    exit(error.description == LaunchArguments.usage ? EXIT_SUCCESS : 64)
}

func report(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

// Nothing below the data directory is reached through a symbolic link, and one process at a time
// uses it: a second instance is told who holds it and exits before writing anything.
let fileSystem = POSIXFileSystem(root: arguments.dataDirectory)
let dataDirectory: DataDirectory
do {
    dataDirectory = try DataDirectory.claim(arguments.dataDirectory, fileSystem: fileSystem)
} catch .inUse(let path, let holder) {
    report("Campus Library is already running with this data directory (\(path)), pid \(holder.map(String.init) ?? "unknown"). Quit it first, or give another --data-dir.")
    exit(75)
} catch {
    report("campus-library: \(error)")
    exit(73)
}

let logSink: any LogSink
do {
    logSink = try FileLogSink(path: arguments.dataDirectory + "/campus-library.log", fileSystem: fileSystem)
} catch {
    report("campus-library: logging is off: \(error)")
    logSink = DiscardingLogSink()
}
let logger = LifelineLogger(category: "campus-library", sink: logSink)
switch dataDirectory.access {
case .ownerOnly:
    break
case .tightened(let mode):
    logger.warning("The data directory was open to other users (mode \(String(mode, radix: 8), privacy: .public)); it is now owner-only.")
case let .accessibleByOthers(mode, cause):
    report("campus-library: warning: other users can enter \(arguments.dataDirectory) (mode \(String(mode, radix: 8))) and it could not be tightened: \(cause)")
    logger.error("The data directory is open to other users and could not be tightened: \(cause.description, privacy: .public)")
}

let clock = SystemClock()
let archiveStore = WindowArchiveStore(directory: arguments.dataDirectory, fileSystem: fileSystem, clock: clock, logger: logger)
let restored = archiveStore.load()
let sessions = restored.windows.isEmpty ? [SceneSession()] : restored.sessions

let configuration = ProcessHostConfiguration(
    launchOptions: LaunchOptions(reason: arguments.link.map { .url($0) } ?? .user),
    sessions: sessions,
    terminal: .fullScreen,
    observesMemoryPressure: !arguments.measureLaunch
)
let host = ProcessHost(configuration: configuration, clock: clock, logger: logger)
let server = EmbeddedLibraryServer(
    directory: arguments.dataDirectory + "/server", fileSystem: fileSystem, clock: host.clock
)
server.isReachable = !arguments.offline
// Linux has no keychain here: the token goes to a 0600 file in a 0700 directory, by explicit opt-in.
let secretStore: FileSecretStore
do {
    secretStore = try FileSecretStore.unsafePlaintextFile(at: arguments.dataDirectory + "/secrets")
} catch {
    report("campus-library: cannot keep the session token: \(error)")
    exit(73)
}
let environment = AppEnvironment(
    runtime: host.runtime,
    fileSystem: fileSystem,
    secretStore: secretStore,
    logger: logger,
    dataDirectory: arguments.dataDirectory,
    catalogue: arguments.remoteCatalogue.map { .remote($0, fallbackPath: arguments.dataDirectory + "/catalogue.sqlite") },
    server: server
)
let composition: AppComposition
do {
    composition = try AppComposition(environment: environment)
} catch {
    report("campus-library: the app's composition is invalid:\n\(error)")
    exit(70)
}
if arguments.ownershipReport {
    print(composition.ownershipReportText)
    exit(EXIT_SUCCESS)
}
let frontEnd = TerminalFrontEnd(
    host: host, composition: composition, archive: archiveStore, restored: restored, sessions: sessions,
    measureLaunch: arguments.measureLaunch, link: arguments.link
)
frontEnd.start()
host.run()
