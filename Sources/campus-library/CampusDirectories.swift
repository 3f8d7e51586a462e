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

    /// Moves `~/.campus-library` into `directories` if it exists and they do not yet (see
    /// `LegacyDirectoryMigration`), saying so on standard error.
    /// - Throws: `MigrationError`; the old layout or the new one is whole.
    static func migrateLegacyDirectory(into directories: ApplicationDirectories, environment: [String: String]) throws(MigrationError) {
        let migration = LegacyDirectoryMigration(legacy: legacy(environment), directories: directories, destination: destination(of:))
        if case .migrated = try migration.run() {
            FileHandle.standardError.write(Data("campus-library: moved \(migration.legacy) to \(directories)\n".utf8))
        }
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
