import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator

/// The example app's storage helper: checksummed text files written with the durable replace
/// recipe (temporary file, fsync, rename, directory fsync), and quarantine of files that fail
/// their checksum. A `Sendable` value built by the example's composition root.
struct ExampleFiles: Sendable {
    /// A file the app saves, with the paths its durable replace needs worked out once (the app
    /// saves on every edit). A `Sendable` value.
    struct Location: Sendable {
        /// The file's path.
        let path: String
        /// The temporary file written first, then renamed over ``path``.
        let temporary: String
        /// The directory holding both, created and synced by every save.
        let directory: String

        init(_ path: String) {
            self.path = path
            self.temporary = path + ".tmp"
            self.directory = ExampleFiles.parent(of: path)
        }
    }

    let fileSystem: any FileSystem
    let logger: LifelineLogger
    /// The saves that failed, tried again until they succeed (`nil` in the copy they write with).
    private(set) var pending: ExamplePendingWrites?

    /// Files on `fileSystem` whose failed saves are tried again on `clock`.
    @MainActor
    init(fileSystem: any FileSystem, logger: LifelineLogger, clock: any LifelineClock) {
        self.fileSystem = fileSystem
        self.logger = logger
        pending = ExamplePendingWrites(clock: clock, files: ExampleFiles(fileSystem: fileSystem, logger: logger))
    }

    private init(fileSystem: any FileSystem, logger: LifelineLogger) {
        self.fileSystem = fileSystem
        self.logger = logger
    }

    /// Saves `text` durably to `location` and runs `onSaved` once it is written: now, or once a
    /// later try succeeds (the save is kept and tried again if it fails). A later save of the
    /// same file replaces one still waiting. `inPlace` writes over the file itself, unsynced,
    /// instead (the ``PlantedBug/basketWrittenInPlace`` bug), and is tried again the same way.
    @MainActor
    func save(_ text: String, to location: Location, inPlace: Bool = false, then onSaved: @escaping @MainActor () -> Void) {
        if write(text, to: location, inPlace: inPlace) {
            pending?.drop(location.path)
            onSaved()
        } else {
            pending?.add(.init(text: text, location: location, inPlace: inPlace, onSaved: onSaved))
        }
    }

    /// Writes `text` durably to `path`; returns whether every step succeeded.
    @discardableResult
    func write(_ text: String, to path: String) -> Bool {
        write(text, to: Location(path))
    }

    /// Writes `text` to `location`, durably or (`inPlace`) over the file itself, unsynced;
    /// returns whether every step succeeded.
    func write(_ text: String, to location: Location, inPlace: Bool) -> Bool {
        inPlace ? writeInPlace(text, to: location, syncing: false) : write(text, to: location)
    }

    /// Writes `text` durably to `location`; returns whether every step succeeded.
    @discardableResult
    func write(_ text: String, to location: Location) -> Bool {
        let body = Self.contents(of: text)
        let path = location.path
        let directory = location.directory
        do {
            let temporary = location.temporary
            try fileSystem.createDirectory(at: directory, permissions: 0o700)
            try fileSystem.writeFile(body, to: temporary, permissions: 0o600)
            try fileSystem.syncFile(at: temporary)
            try fileSystem.rename(from: temporary, to: path)
            try fileSystem.syncDirectory(at: directory)
            return true
        } catch {
            logger.error("Could not save \(path, privacy: .public): \(error.description, privacy: .public)")
            return false
        }
    }

    /// Writes `text` over the file at `location` itself (truncated, then written), then, if
    /// `syncing`, syncs it: the shortcut of the ``PlantedBug/noteWrittenInPlace`` bug (a power
    /// loss before the sync can tear the file, so neither the old text nor the new survives) and,
    /// unsynced, of ``PlantedBug/basketWrittenInPlace`` (a kill between the truncation and the
    /// write leaves the file empty). Returns whether every step succeeded.
    func writeInPlace(_ text: String, to location: Location, syncing: Bool) -> Bool {
        do {
            try fileSystem.createDirectory(at: location.directory, permissions: 0o700)
            try fileSystem.writeFile(Self.contents(of: text), to: location.path, permissions: 0o600)
            if syncing { try fileSystem.syncFile(at: location.path) }
            return true
        } catch {
            logger.error("Could not save \(location.path, privacy: .public): \(error.description, privacy: .public)")
            return false
        }
    }

    /// Reads the text at `path` (or the text a failed save still has to write there): `nil` if
    /// there is none, or if it fails its checksum (then the file is moved aside to
    /// `path.corrupt`, never overwritten in place).
    @MainActor
    func read(_ path: String) -> String? {
        if let waiting = pending?.text(at: path) { return waiting }
        let data: Data
        do {
            data = try fileSystem.readFile(at: path)
        } catch {
            if case .notFound = error { return nil }
            logger.error("Could not read \(path, privacy: .public): \(error.description, privacy: .public)")
            return nil
        }
        if let text = Self.text(of: data) { return text }
        logger.error("Quarantined \(path, privacy: .public): checksum mismatch")
        try? fileSystem.rename(from: path, to: path + ".corrupt")
        try? fileSystem.syncDirectory(at: Self.parent(of: path))
        return nil
    }

    /// Removes the file at `path` durably.
    func remove(_ path: String) {
        try? fileSystem.removeItem(at: path)
        try? fileSystem.syncDirectory(at: Self.parent(of: path))
    }

    /// The directory that holds `path` (`/` for a top-level file).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
