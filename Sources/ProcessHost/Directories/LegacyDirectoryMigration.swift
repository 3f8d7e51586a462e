/// Moves an app's files from the one directory an older version kept everything in (say
/// `~/.campus-library`) into its ``ApplicationDirectories``, once, durably, and so that a kill at
/// any moment leaves either the old layout or the new one whole.
///
/// ```swift
/// let migration = LegacyDirectoryMigration(legacy: home + "/.campus-library", directories: directories) { name in
///     name == "windows.json" ? .state : .data
/// }
/// try migration.run()
/// ```
///
/// How: every entry of the legacy directory is copied (files `fsync`ed, directories too) into a
/// staging directory beside each destination, `<data>.migrating` and so on, with a marker file in
/// the data staging; the state and cache stagings are renamed into place, then the data staging:
/// that rename is the commit. Until it, the legacy directory is untouched and a later run starts
/// over; after it, the new layout is whole and the legacy directory is renamed aside
/// (`<legacy>.migrated-removing`) and deleted, and the marker removed. A run that finds the data
/// directory in place finishes that clean-up and changes nothing else, so the migration happens
/// once: the data directory's existence is its record. Copying rather than renaming the legacy
/// directory keeps the layout whole across file systems (`XDG_DATA_HOME` elsewhere).
///
/// Regular files and directories are migrated with their permission bits; anything else
/// (symbolic links, sockets) is left behind with the legacy directory. A `Sendable` value; run it
/// at launch, before anything opens the directories. Not safe against two processes migrating at
/// once (take the app's process lock first).
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
    }

    /// The old single directory.
    public let legacy: String
    /// The new directories.
    public let directories: ApplicationDirectories
    /// Where each top-level entry (by name) of the legacy directory goes.
    public let destination: @Sendable (_ name: String) -> Destination
    /// Called after each file operation: lets a test kill the process mid-migration.
    package var afterEachStep: @Sendable () -> Void = {}

    /// The name of the marker in the data directory while the legacy directory is being removed.
    static let marker = ".migrated-from-legacy"

    /// A migration from `legacy` into `directories`, placing entries by `destination`.
    public init(legacy: String, directories: ApplicationDirectories, destination: @escaping @Sendable (_ name: String) -> Destination) {
        self.legacy = legacy
        self.directories = directories
        self.destination = destination
    }

    /// Migrates if there is a legacy directory and no data directory yet; finishes an earlier
    /// migration's clean-up.
    /// - Throws: ``MigrationError`` when a file operation fails. Before the commit the legacy
    ///   directory is untouched (stagings may remain; the next run removes them); after it the
    ///   new layout is whole and the legacy directory may remain, renamed aside or not (the next
    ///   run removes it).
    public func run() throws(MigrationError) -> Outcome {
        let files = MigrationFiles(afterEachStep: afterEachStep)
        let trash = legacy + ".migrated-removing"
        if files.exists(trash) { try files.removeTree(trash) }
        if files.exists(directories.data) {
            try finishRemovingLegacy(files, trash: trash)
            return .alreadyMigrated
        }
        guard files.exists(legacy) else { return .nothingToMigrate }
        try files.requireDirectory(legacy)

        let placements = self.placements()
        for placement in placements {
            if files.exists(placement.staging) { try files.removeTree(placement.staging) }
            try files.createDirectories(placement.staging)
            for nested in placement.nested.values { try files.createDirectories(placement.staging + nested) }
        }
        var entries = 0
        for name in try files.entries(of: legacy) {
            let kind = destination(name)
            guard let placement = placements.first(where: { $0.kinds.contains(kind) }) else { continue }
            try files.copyTree(legacy + "/" + name, to: placement.staging(for: kind) + "/" + name)
            entries += 1
        }
        try files.writeFile(placements[0].staging + "/" + Self.marker, contents: legacy)
        for placement in placements {
            try files.syncTree(placement.staging)
        }
        // The data staging goes last: its rename is the commit.
        for placement in placements.reversed() {
            if files.exists(placement.final) { try files.removeTree(placement.final) }
            try files.rename(placement.staging, to: placement.final)
        }
        try finishRemovingLegacy(files, trash: trash)
        return .migrated(entries: entries)
    }

    private func finishRemovingLegacy(_ files: MigrationFiles, trash: String) throws(MigrationError) {
        let marker = directories.data + "/" + Self.marker
        guard files.exists(marker) else { return }
        if files.exists(legacy) { try files.rename(legacy, to: trash) }
        try files.remove(marker)
        if files.exists(trash) { try files.removeTree(trash) }
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
