import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import ProcessHost

// campus-library: the Campus Library reference app in a terminal, on ProcessHost.
// Ctrl-Z suspends (fg resumes), SIGTERM / Ctrl-C end it through the lifecycle, SIGKILL loses
// nothing that was acknowledged; windows, notes and the session come back at the next launch.

let arguments: LaunchArguments
do {
    arguments = try LaunchArguments.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
} catch {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    exit(error.description == LaunchArguments.usage ? EXIT_SUCCESS : 64)
}

let fileSystem = POSIXFileSystem()
do {
    try fileSystem.createDirectory(at: arguments.dataDirectory, permissions: 0o700)
} catch {
    FileHandle.standardError.write(Data("campus-library: cannot use \(arguments.dataDirectory): \(error)\n".utf8))
    exit(73)
}

let logger = LifelineLogger(category: "campus-library", sink: FileLogSink(path: arguments.dataDirectory + "/campus-library.log"))

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
    FileHandle.standardError.write(Data("campus-library: cannot keep the session token: \(error)\n".utf8))
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
    FileHandle.standardError.write(Data("campus-library: the app's composition is invalid:\n\(error)\n".utf8))
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
