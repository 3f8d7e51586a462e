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

let directories = arguments.directories
/// What the student is told inside the app once it is on screen (standard error is hidden by it).
var startupNotices: [String] = []
if !arguments.dataDirectoryGiven {
    let migration = CampusDirectories.migration(into: directories, environment: ProcessInfo.processInfo.environment)
    do {
        switch try migration.run() {
        case .migrated(let entries):
            report("campus-library: moved \(migration.legacy) to \(directories)")
            startupNotices.append(CampusDirectories.movedMessage(migration, entries: entries))
        case .inUse(let holder):
            report(CampusDirectories.inUseMessage(migration, holder: holder))
            exit(75)
        case .nothingToMigrate, .alreadyMigrated: break
        }
    } catch {
        report(CampusDirectories.failureMessage(error, migration))
        exit(73)
    }
}

// Nothing below the app's directories is reached through a symbolic link, and one process at a
// time uses them: a second instance is told who holds them and exits before writing anything.
// Each directory (data, state, cache; one with --data-dir) is claimed, the data directory first.
let fileSystem = POSIXFileSystem(root: directories.data)
let stateFileSystem = POSIXFileSystem(root: directories.state)
let cacheFileSystem = POSIXFileSystem(root: directories.cache)
var claims: [DataDirectory] = []
for (path, confined) in [(directories.data, fileSystem), (directories.state, stateFileSystem), (directories.cache, cacheFileSystem)]
where !claims.contains(where: { $0.path == path }) {
    do {
        claims.append(try DataDirectory.claim(path, fileSystem: confined))
    } catch .inUse(let path, let holder) {
        report("Campus Library is already running with this data directory (\(path)), pid \(holder.map(String.init) ?? "unknown"). Quit it first, or give another --data-dir.")
        exit(75)
    } catch {
        report("campus-library: \(error)")
        exit(73)
    }
}

let logSink: any LogSink
do {
    logSink = try FileLogSink(path: directories.state + "/campus-library.log", fileSystem: stateFileSystem)
} catch {
    report("campus-library: logging is off: \(error)")
    startupNotices.append("Logging is off: \(error). The app works as usual, but nothing is written to its log.")
    logSink = DiscardingLogSink()
}
let logger = LifelineLogger(category: "campus-library", sink: logSink)
for claim in claims {
    let path = claim.path
    switch claim.access {
    case .ownerOnly:
        break
    case .tightened(let mode):
        logger.warning("\(path, privacy: .public) was open to other users (mode \(String(mode, radix: 8), privacy: .public)); it is now owner-only.")
    case let .accessibleByOthers(mode, cause):
        report("campus-library: warning: other users can enter \(path) (mode \(String(mode, radix: 8))) and it could not be tightened: \(cause)")
        startupNotices.append("Other users can open \(path) (mode \(String(mode, radix: 8))), and it could not be made private: \(cause).")
        logger.error("\(path, privacy: .public) is open to other users and could not be tightened: \(cause.description, privacy: .public)")
    }
}

let clock = SystemClock()
let archiveStore = WindowArchiveStore(directory: directories.state, fileSystem: stateFileSystem, clock: clock, logger: logger)
let restored = archiveStore.load()
let sessions = restored.windows.isEmpty ? [SceneSession()] : restored.sessions
if let text = StoreNotice.text(for: archiveStore.loadOutcome, of: .windows) { startupNotices.append(text) }
if let unfinished = archiveStore.discardedAfterUnfinishedLaunches {
    startupNotices.append("Campus Library did not finish starting \(unfinished) times in a row, so your windows open without what they showed.")
}

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
    report("campus-library: cannot keep the session token: \(error)")
    exit(73)
}
if let reason = secrets.fallbackReason {
    logger.warning("No Secret Service (\(reason, privacy: .public)): the session token is kept in \(secrets.location, privacy: .public)")
}
var environment = AppEnvironment(
    runtime: host.runtime,
    storage: StorageEnvironment(fileSystem: fileSystem),
    secretStore: secrets.store,
    logger: logger,
    dataDirectory: arguments.dataDirectory,
    catalogue: arguments.remoteCatalogue.map { .remote($0, fallbackPath: directories.cache + "/catalogue.sqlite") }
        ?? .bundled(path: directories.cache + "/catalogue.sqlite"),
    server: server
)
environment.secretStoreLocation = secrets.location
environment.startupNotices = startupNotices
environment.keepsUnsavedText = true
environment.cacheStorage = StorageEnvironment(fileSystem: cacheFileSystem)
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
