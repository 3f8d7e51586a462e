import Foundation
import ProcessHost

/// Where Campus Library keeps its files: the platform's ``ApplicationDirectories`` for
/// `campus-library`, and which of them each entry of the single directory older versions used
/// (`~/.campus-library`) moves to. A namespace.
///
/// | directory | what |
/// |---|---|
/// | data | `notes/`, `server/` (the embedded library service), `secrets/` (the opt-in token file), `preferences.json` |
/// | state | `windows.json`, `launches.guard`, `campus-library.log` |
/// | cache | `catalogue.sqlite`, built from the bundled seed (not migrated: it is rebuilt) |
enum CampusDirectories {
    /// The app's name in directory paths.
    static let name = "campus-library"

    /// The single directory of versions before the XDG layout.
    static func legacy(_ environment: [String: String]) -> String {
        ApplicationDirectories.homeDirectory(environment) + "/.campus-library"
    }

    /// The one-time move of `~/.campus-library` into `directories` (see `LegacyDirectoryMigration`:
    /// it runs under the legacy directory's lock, so two launches at once contend for it).
    static func migration(into directories: ApplicationDirectories, environment: [String: String]) -> LegacyDirectoryMigration {
        LegacyDirectoryMigration(legacy: legacy(environment), directories: directories, destination: destination(of:))
    }

    /// What the student is told when another process holds the files being moved.
    static func inUseMessage(_ migration: LegacyDirectoryMigration, holder: Int32?) -> String {
        "Campus Library is already running, or moving your files from \(migration.legacy) to \(migration.directories.data), "
            + "pid \(holder.map(String.init) ?? "unknown"). Nothing was changed. Quit it first, or wait until it has started."
    }

    /// What the student is told when the move failed: where their files are now, whole.
    static func failureMessage(_ error: MigrationError, _ migration: LegacyDirectoryMigration) -> String {
        if migration.isCommitted {
            return "campus-library: \(error). Your files were moved to \(migration.directories.data) and are whole there; "
                + "the old folder \(migration.legacy) is removed at the next launch."
        }
        return "campus-library: \(error). Your files are still in \(migration.legacy), whole and untouched."
    }

    /// What the student is told after the move, inside the app.
    static func movedMessage(_ migration: LegacyDirectoryMigration, entries: Int) -> String {
        "Your notes and settings (\(entries) items) were moved from \(migration.legacy) to \(migration.directories.data), "
            + "where this version keeps them; the old folder was removed."
    }

    /// Where the legacy entry `name` goes.
    static func destination(of name: String) -> LegacyDirectoryMigration.Destination {
        if name.hasPrefix("catalogue.sqlite") { return .discard }
        if name.hasPrefix("windows.json") || name.hasPrefix(".windows.json") || name.hasPrefix("launches.guard")
            || name.hasPrefix("campus-library.log")
        {
            return .state
        }
        return .data
    }
}
