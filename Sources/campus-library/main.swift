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

let directories = arguments.directories
if !arguments.dataDirectoryGiven {
    do {
        try CampusDirectories.migrateLegacyDirectory(into: directories, environment: ProcessInfo.processInfo.environment)
    } catch {
        FileHandle.standardError.write(Data("campus-library: \(error); your files are still in one layout, whole\n".utf8))
        exit(73)
    }
}
let fileSystem = POSIXFileSystem()
for directory in Set([directories.data, directories.state, directories.cache]).sorted() {
    do {
        try fileSystem.createDirectory(at: directory, permissions: 0o700)
    } catch {
        FileHandle.standardError.write(Data("campus-library: cannot use \(directory): \(error)\n".utf8))
        exit(73)
    }
}

let logger = LifelineLogger(category: "campus-library", sink: FileLogSink(path: directories.state + "/campus-library.log"))

let clock = SystemClock()
let archiveStore = WindowArchiveStore(directory: directories.state, fileSystem: fileSystem, clock: clock, logger: logger)
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
// The desktop keyring where a Secret Service answers; else, by explicit opt-in, a 0600 file.
let secrets: PlatformSecretStore
do {
    secrets = try PlatformSecretStore.open(
        PlatformSecretStore.Options(
            identifier: "org.lifeline.CampusLibrary", applicationName: "Campus Library",
            plaintextFallbackDirectory: directories.data + "/secrets",
            label: { key in key == SessionTokenStore.key ? "Campus Library sign-in token" : "Campus Library: \(key)" }
        )
    )
} catch {
    FileHandle.standardError.write(Data("campus-library: cannot keep the session token: \(error)\n".utf8))
    exit(73)
}
if let reason = secrets.fallbackReason {
    logger.warning("No Secret Service (\(reason, privacy: .public)): the session token is kept in \(secrets.location, privacy: .public)")
}
var environment = AppEnvironment(
    runtime: host.runtime,
    fileSystem: fileSystem,
    secretStore: secrets.store,
    logger: logger,
    dataDirectory: arguments.dataDirectory,
    catalogue: arguments.remoteCatalogue.map { .remote($0, fallbackPath: directories.cache + "/catalogue.sqlite") }
        ?? .bundled(path: directories.cache + "/catalogue.sqlite"),
    server: server
)
environment.secretStoreLocation = secrets.location
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
