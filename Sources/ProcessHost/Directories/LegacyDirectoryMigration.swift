import DurableState

/// Moves an app's files from the one directory an older version kept everything in (say
/// `~/.campus-library`) into its ``ApplicationDirectories``, once, durably, under a lock, and so
/// that a kill at any moment leaves either the old layout or the new one whole.
///
/// ```swift
/// let migration = LegacyDirectoryMigration(legacy: home + "/.campus-library", directories: directories) { name in
///     name == "windows.json" ? .state : .data
/// }
/// if case .inUse(let pid) = try migration.run() { exit(75) }   // another launch is moving it
/// ```
///
/// **The lock.** Every run that may touch the legacy directory first claims it, as
/// DurableState's `DataDirectory` claims a data directory: the exclusive lock of its
/// `.lifeline.lock`, which an older version running on that directory holds too. Two launches
/// started at the same instant contend for it; the one that does not get it changes nothing and
/// returns ``Outcome/inUse(processID:)`` naming the holder. The lock is the directory's own, so it
/// goes with it when it is renamed aside (`<legacy>.migrated-removing`) for removal: a run that
/// finds that name claims it the same way.
///
/// **The move.** Holding the lock, every entry of the legacy directory but its lock file is
/// copied (DurableState's `DurableTree`: each file created new and synced, each directory
/// synced) into a staging directory beside each destination, `<data>.migrating` and so on, with a
/// marker file in the data staging; the state and cache stagings are renamed into place, then
/// the data staging: that rename is the commit. Until it, the legacy directory is untouched and a
/// later run starts over; after it, the new layout is whole, and the legacy directory is renamed
/// aside and deleted, and the marker removed. The data directory's existence is the record that
/// the move happened: a run that finds it (and no marker) leaves a legacy directory alone.
/// Copying rather than renaming keeps the layout whole across file systems.
///
/// **Nothing another process may hold is deleted.** The data directory is never removed or
/// replaced: if one appears while the copy is made (a process given it explicitly), the stagings
/// are discarded and the legacy directory left whole. A state or cache directory already in the
/// way (left by an interrupted run, or rebuilt by hand) is removed only once its own lock is
/// taken; a process that holds it makes the run return ``Outcome/inUse(processID:)``.
///
/// Regular files and directories are migrated with their permission bits; anything else
/// (symbolic links, sockets) is left behind with the legacy directory. A `Sendable` value; run it
/// at launch, before anything opens the directories, and claim the data directory after it.
public struct LegacyDirectoryMigration: Sendable {
    /// Where a top-level entry of the legacy directory goes.
    public enum Destination: Sendable {
        /// Into ``ApplicationDirectories/data``.
        case data
        /// Into ``ApplicationDirectories/state``.
        case state
        /// Into ``ApplicationDirectories/cache``.
        case cache
        /// Nowhere: it is rebuilt (a cache the app does not need to carry over).
        case discard
    }

    /// What ``run()`` did.
    public enum Outcome: Equatable, Sendable {
        /// There is no legacy directory.
        case nothingToMigrate
        /// The data directory already exists; the legacy directory, if any, was left alone (or
        /// its removal after an earlier migration finished).
        case alreadyMigrated
        /// The legacy directory's entries were moved into the new layout, and it was removed.
        case migrated(entries: Int)
        /// Another process holds the legacy directory (another launch moving it, or an older
        /// version running on it) or a directory in the way: nothing was changed. `processID` is
        /// the one the holder wrote into the lock file, if readable.
        case inUse(processID: Int32?)
    }

    /// The old single directory.
    public let legacy: String
    /// The new directories.
    public let directories: ApplicationDirectories
    /// Where each top-level entry (by name) of the legacy directory goes.
    public let destination: @Sendable (_ name: String) -> Destination
    /// Called after each file operation: lets a test kill the process mid-migration.
    package var afterEachStep: @Sendable () -> Void = {}

    /// The name of the marker in the data directory while the legacy directory is being removed,
    /// and in each staging directory while it is built.
    static let marker = ".migrated-from-legacy"

    /// A migration from `legacy` into `directories`, placing entries by `destination`.
    public init(legacy: String, directories: ApplicationDirectories, destination: @escaping @Sendable (_ name: String) -> Destination) {
        self.legacy = legacy
        self.directories = directories
        self.destination = destination
    }

    /// The legacy directory's name while it is being removed.
    public var removing: String { legacy + ".migrated-removing" }

    /// Whether the new layout is in place (its data directory exists): after ``run()`` threw,
    /// true means the move was committed and the new layout is whole (the legacy directory may
    /// remain until the next run removes it); false that the legacy directory is whole and
    /// untouched. Say which to the user.
    public var isCommitted: Bool {
        MigrationFiles(legacy: legacy, directories: directories, afterEachStep: {}).exists(directories.data)
    }

    /// Migrates if there is a legacy directory and no data directory yet; finishes an earlier
    /// migration's clean-up. Returns ``Outcome/inUse(processID:)`` without changing anything when
    /// another process holds what it would change.
    /// - Throws: ``MigrationError`` when a file operation fails. Before the commit the legacy
    ///   directory is untouched (stagings may remain; the next run removes them); after it the
    ///   new layout is whole and the legacy directory may remain, renamed aside or not (the next
    ///   run removes it).
    public func run() throws(MigrationError) -> Outcome {
        let files = MigrationFiles(legacy: legacy, directories: directories, afterEachStep: afterEachStep)
        let dataMarker = FilePaths.join(directories.data, Self.marker)
        // A few turns at most: each one that does not end finds a directory another process
        // renamed or removed meanwhile, and looks again.
        for _ in 0..<4 {
            let legacyExists = files.exists(legacy)
            let removingExists = files.exists(removing)
            let dataExists = files.exists(directories.data)
            if !legacyExists, !removingExists { return dataExists ? .alreadyMigrated : .nothingToMigrate }
            if legacyExists, !files.isDirectory(legacy) {
                throw MigrationError(
                    operation: "lstat", path: legacy, code: 0,
                    reason: "not a directory (a symbolic link is refused too); it was left in place")
            }
            if dataExists, !files.exists(dataMarker), !removingExists { return .alreadyMigrated }
            // The directory being removed is claimed first, unless it is an older copy beside a
            // legacy directory that was never moved.
            let locked = removingExists && (dataExists || !legacyExists) ? removing : legacy
            let lock: DataDirectory
            switch files.claim(locked) {
            case .claimed(let claimed): lock = claimed
            case .gone: continue
            case .inUse(let holder): return .inUse(processID: holder)
            case .failed(let error): throw error
            }
            defer { lock.release() }
            if locked == removing {
                if files.exists(directories.data) {
                    try files.finishRemoving(removing, marker: files.exists(legacy) ? nil : dataMarker)
                } else {
                    // The data directory is gone: the directory being removed is the only copy.
                    try files.commit(removing, to: legacy)
                }
                continue
            }
            if files.exists(directories.data) {
                if files.exists(dataMarker) {
                    try files.renameAside(legacy, to: removing)
                    try files.finishRemoving(removing, marker: dataMarker)
                }
                return .alreadyMigrated
            }
            return try migrate(files)
        }
        throw MigrationError(
            operation: "lock", path: legacy, code: 0,
            reason: "it kept being renamed or removed by another process; nothing was changed")
    }

    /// Copies, commits and cleans up, holding the legacy directory's lock, the data directory
    /// absent.
    private func migrate(_ files: MigrationFiles) throws(MigrationError) -> Outcome {
        let placements = self.placements()
        for placement in placements {
            try files.removeTree(placement.staging)
            try files.createDirectories(placement.staging)
            for nested in placement.nested.values { try files.createDirectories(placement.staging + nested) }
        }
        var entries = 0
        for name in try files.entries(of: legacy) where name != DataDirectory.lockFileName {
            let kind = destination(name)
            guard let placement = placements.first(where: { $0.kinds.contains(kind) }) else { continue }
            if try files.copy(legacy + "/" + name, to: placement.staging(for: kind) + "/" + name) { entries += 1 }
        }
        try files.writeMarker(FilePaths.join(placements[0].staging, Self.marker), naming: legacy)
        for placement in placements {
            try files.sync(placement.staging)
        }
        // Whatever is already in the state's or cache's place is taken out of the way, under its
        // own lock; the data directory is never replaced.
        for placement in placements.dropFirst() where files.exists(placement.final) {
            switch files.claim(placement.final) {
            case .claimed(let claimed):
                defer { claimed.release() }
                try files.removeTree(placement.final)
            case .gone: break
            case .inUse(let holder):
                try discard(placements, files)
                return .inUse(processID: holder)
            case .failed(let error): throw error
            }
        }
        guard !files.exists(directories.data) else {
            try discard(placements, files)
            return .alreadyMigrated
        }
        // The data staging goes last: its rename is the commit. It fails, changing nothing, if a
        // data directory appeared in its place meanwhile (another process holds it).
        for placement in placements.reversed() {
            if placement.final == directories.data, files.exists(directories.data) {
                try discard(placements, files)
                return .alreadyMigrated
            }
            try files.commit(placement.staging, to: placement.final)
        }
        try files.renameAside(legacy, to: removing)
        try files.finishRemoving(removing, marker: FilePaths.join(directories.data, Self.marker))
        return .migrated(entries: entries)
    }

    /// Removes the stagings of an abandoned move; the legacy directory stays whole.
    private func discard(_ placements: [Placement], _ files: MigrationFiles) throws(MigrationError) {
        for placement in placements { try files.removeTree(placement.staging) }
    }

    /// The directories to stage, data first. State or cache inside the data directory (Apple's
    /// layout) are staged inside the data staging and committed with it.
    private func placements() -> [Placement] {
        var data = Placement(final: directories.data, kinds: [.data])
        var result: [Placement] = []
        for (path, kind) in [(directories.state, Destination.state), (directories.cache, .cache)] {
            if path == directories.data {
                data.kinds.append(kind)
            } else if path.hasPrefix(directories.data + "/") {
                data.nested[kind] = String(path.dropFirst(directories.data.count))
                data.kinds.append(kind)
            } else if let index = result.firstIndex(where: { $0.final == path }) {
                result[index].kinds.append(kind)
            } else {
                result.append(Placement(final: path, kinds: [kind]))
            }
        }
        return [data] + result
    }

    /// One directory of the new layout, with the staging it is built in.
    private struct Placement {
        var final: String
        var kinds: [Destination]
        /// Destinations inside this directory, by their path below it ("/State").
        var nested: [Destination: String] = [:]

        var staging: String { final + ".migrating" }

        func staging(for kind: Destination) -> String { staging + (nested[kind] ?? "") }
    }
}
