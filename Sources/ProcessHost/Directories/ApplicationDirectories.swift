import Foundation

/// Where an app keeps its files, by the platform's own convention: user data, state, and caches.
///
/// ```swift
/// let directories = ApplicationDirectories.standard(for: "campus-library")
/// let notes = directories.data + "/notes"
/// let windows = directories.state + "/windows.json"
/// ```
///
/// | | Linux (XDG Base Directory specification) | macOS |
/// |---|---|---|
/// | ``data`` | `$XDG_DATA_HOME/<name>`, default `~/.local/share/<name>` | `~/Library/Application Support/<name>` |
/// | ``state`` | `$XDG_STATE_HOME/<name>`, default `~/.local/state/<name>` | `~/Library/Application Support/<name>/State` |
/// | ``cache`` | `$XDG_CACHE_HOME/<name>`, default `~/.cache/<name>` | `~/Library/Caches/<name>` |
///
/// *Data* is what the user made and would miss (documents, accounts, settings); *state* is what
/// the app remembers between runs but could lose without losing work (windows to restore, the
/// crash-loop guard, logs); a *cache* is rebuilt when missing (an index built from a bundled
/// seed), so backups and cleaners may drop it. As the specification asks, an `XDG_*` variable
/// that is empty or not an absolute path is ignored. Nothing is created here: the app creates the
/// directories (0700) when it first writes.
///
/// A `Sendable` value; compute it once at launch and pass it on.
public struct ApplicationDirectories: Sendable, Equatable, CustomStringConvertible {
    /// Which platform's convention to follow.
    public enum Convention: Sendable {
        /// The XDG Base Directory specification (Linux and other free desktops).
        case xdg
        /// Apple's `~/Library` layout.
        case apple

        /// The convention of the platform this was built for.
        public static var current: Convention {
            #if canImport(Darwin)
            .apple
            #else
            .xdg
            #endif
        }
    }

    /// User data: what the user made and would miss.
    public var data: String
    /// State kept between runs that can be lost without losing work: restorable windows, the
    /// crash-loop guard, logs.
    public var state: String
    /// Caches: rebuilt when missing.
    public var cache: String

    /// Directories at explicit paths.
    public init(data: String, state: String, cache: String) {
        self.data = data
        self.state = state
        self.cache = cache
    }

    /// Everything in one directory (a `--data-dir` override, tests).
    public init(all directory: String) {
        self.init(data: directory, state: directory, cache: directory)
    }

    /// The directories of the app `name` by `convention`, read from `environment` (`HOME` and
    /// the `XDG_*` variables; the user database's home when `HOME` is unset).
    public static func standard(
        for name: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        convention: Convention = .current
    ) -> ApplicationDirectories {
        let home = homeDirectory(environment)
        switch convention {
        case .xdg:
            func base(_ variable: String, _ fallback: String) -> String {
                if let value = environment[variable], value.hasPrefix("/") { return value }
                return home + "/" + fallback
            }
            return ApplicationDirectories(
                data: base("XDG_DATA_HOME", ".local/share") + "/" + name,
                state: base("XDG_STATE_HOME", ".local/state") + "/" + name,
                cache: base("XDG_CACHE_HOME", ".cache") + "/" + name
            )
        case .apple:
            let support = home + "/Library/Application Support/" + name
            return ApplicationDirectories(data: support, state: support + "/State", cache: home + "/Library/Caches/" + name)
        }
    }

    /// `HOME` when it is an absolute path, else the home directory of the user database.
    public static func homeDirectory(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        return NSHomeDirectory()
    }

    /// `data: …, state: …, cache: …`.
    public var description: String { "data: \(data), state: \(state), cache: \(cache)" }
}
