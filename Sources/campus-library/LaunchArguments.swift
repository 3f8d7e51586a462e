import Foundation
import ProcessHost

/// The command line of `campus-library`, parsed. A `Sendable` value.
struct LaunchArguments: Sendable {
    /// Where data, state and caches live: the platform's directories, or all in `--data-dir`.
    var directories: ApplicationDirectories
    /// Whether `--data-dir` chose the directories (then nothing is migrated).
    var dataDirectoryGiven = false
    /// The data directory (absolute).
    var dataDirectory: String { directories.data }
    /// The Open Library-compatible service to search, if any.
    var remoteCatalogue: URL?
    /// Exit right after the first frame (for the cold-launch benchmark).
    var measureLaunch = false
    /// Start with the library service unreachable (to try offline use).
    var offline = false
    /// Print who creates, retains and releases each service, then exit.
    var ownershipReport = false
    /// A link to open once launched.
    var link: URL?

    static let usage = """
        usage: campus-library [--data-dir PATH] [--remote-catalogue URL] [--offline] [--measure-launch] [LINK]

          --data-dir PATH          keep notes, windows, the log and the catalogue all in PATH
                                   (default: $XDG_DATA_HOME, $XDG_STATE_HOME and $XDG_CACHE_HOME
                                   /campus-library: ~/.local/share, ~/.local/state, ~/.cache)
          --remote-catalogue URL   search an Open Library-compatible service (search.json)
          --offline                start with the library service unreachable
          --measure-launch         exit after the first frame
          --ownership-report       print who creates, retains and releases each service
          LINK                     campuslibrary://book/<id> or https://campuslibrary.example/book/<id>

        Keys are shown at the bottom of the screen; Ctrl-G shows them all.
        """

    /// Why the command line was refused.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String], environment: [String: String]) throws(Failure) -> LaunchArguments {
        var parsed = LaunchArguments(directories: .standard(for: CampusDirectories.name, environment: environment))
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--data-dir":
                guard let path = remaining.popFirst(), !path.isEmpty else { throw Failure(description: "--data-dir needs a path") }
                parsed.directories = ApplicationDirectories(all: absolute(path))
                parsed.dataDirectoryGiven = true
            case "--remote-catalogue":
                guard let text = remaining.popFirst(), let url = URL(string: text), url.scheme?.hasPrefix("http") == true else {
                    throw Failure(description: "--remote-catalogue needs an http(s) URL")
                }
                parsed.remoteCatalogue = url
            case "--measure-launch":
                parsed.measureLaunch = true
            case "--offline":
                parsed.offline = true
            case "--ownership-report":
                parsed.ownershipReport = true
            case "--help", "-h":
                throw Failure(description: usage)
            default:
                guard !argument.hasPrefix("-"), let url = URL(string: argument), url.scheme != nil else {
                    throw Failure(description: "unknown argument \(argument)\n\n\(usage)")
                }
                parsed.link = url
            }
        }
        return parsed
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}
