import Foundation

/// The files an app reads and writes the way Foundation teaches: `Data.write(to:options:)`,
/// `FileManager`'s `contents(atPath:)`, `fileExists(atPath:)`, `createDirectory`, `removeItem`.
/// Inject it once, where the app would reach for `FileManager.default`.
///
/// ```swift
/// struct ScrumStore {
///     let files: any FileManaging                        // FoundationFiles() on a device
///     var url: URL { files.documentsDirectory.appending(path: "scrums.data") }
///     func save(_ scrums: [DailyScrum]) throws {
///         try files.write(JSONEncoder().encode(scrums), to: url, options: .atomic)
///     }
///     func load() throws -> [DailyScrum] {
///         guard let data = files.contents(atPath: url.path) else { return [] }
///         return try JSONDecoder().decode([DailyScrum].self, from: data)
///     }
/// }
/// ```
///
/// On a device ``FoundationFiles`` calls Foundation itself. On the lifecycle simulator's device
/// (`SimulationEnvironment.files`) every call performs the same system calls Foundation makes, on
/// the simulated disk, so a kill or a power loss leaves what it would leave on a device; and each
/// write, removal and read is reported to the simulation's history under the file's path, so what
/// the app reads back after a death is checked against what it wrote.
///
/// What Foundation's writes promise (swift-foundation's `Data+Writing.swift`, the Foundation of
/// Linux and, since 2024, of Apple's platforms):
///
/// - **`.atomic`** writes a temporary file (`.dat.nosync…`) in the destination's directory, calls
///   `fsync` on it, and renames it over the destination. It never syncs the directory. A kill
///   leaves the old file or the new one, whole. A power loss can undo the rename: the file may
///   come back with its old contents after the app was told the write succeeded. On Apple
///   platforms `fsync` reaches the drive's cache only (`F_FULLFSYNC` is what empties it), so
///   even the temporary file's bytes may be lost.
/// - **No options** opens the file with `O_TRUNC`, writes, then calls `fsync`. A kill between
///   the truncation and the last byte leaves the file empty or cut short; a power loss before
///   the `fsync` does the same. A new file's name is not synced in its directory.
///
/// For data that must survive a power loss once the app says "saved", use DurableState's
/// stores (``DocumentStore``, ``DurableFile``), which also sync the directory.
///
/// Errors are Foundation's on a device and ``FileSystemError``s on the simulator; a failed write
/// leaves the previous file as the options above say. Implementations are `Sendable`.
public protocol FileManaging: Sendable {
    /// The app's documents directory (`FileManager.default.urls(for: .documentDirectory…)`).
    var documentsDirectory: URL { get }
    /// The app's application-support directory.
    var applicationSupportDirectory: URL { get }
    /// The app's caches directory.
    var cachesDirectory: URL { get }

    /// Writes `data` to the file at `url` as `Data.write(to:options:)` does (`.atomic` or not;
    /// other options are ignored where the platform has no such thing).
    func write(_ data: Data, to url: URL, options: Data.WritingOptions) throws

    /// The contents of the file at `path`, or `nil` if it cannot be read (`FileManager.contents(atPath:)`).
    func contents(atPath path: String) -> Data?

    /// Whether an item exists at `path`.
    func fileExists(atPath path: String) -> Bool

    /// Creates the directory at `url`, and its missing parents with `withIntermediateDirectories`.
    func createDirectory(at url: URL, withIntermediateDirectories: Bool) throws

    /// Removes the file or directory at `url` (a directory with everything in it).
    func removeItem(at url: URL) throws

    /// The names of the items in the directory at `path`.
    func contentsOfDirectory(atPath path: String) throws -> [String]
}

extension FileManaging {
    /// ``write(_:to:options:)`` without options: truncate, write, `fsync`.
    public func write(_ data: Data, to url: URL) throws {
        try write(data, to: url, options: [])
    }

    /// The contents of the file at `url` (`Data(contentsOf:)`).
    /// - Throws: ``FileSystemError/notFound(_:)`` when it cannot be read.
    public func contents(of url: URL) throws -> Data {
        guard let data = contents(atPath: url.path) else { throw FileSystemError.notFound(url.path) }
        return data
    }
}
