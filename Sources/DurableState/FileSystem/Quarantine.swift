import Foundation

/// Moves a file that failed to decode aside, next to where it was, under a timestamped name —
/// never overwriting it or anything else — so a person or a later build can still recover it.
///
/// ```swift
/// let movedTo = try Quarantine.move("/data/cart.json", fileSystem: fileSystem, at: clock.date)
/// // "/data/cart.json.corrupt-20270115T101112Z"
/// ```
///
/// The rename is not followed by a directory sync: if power is lost before the next durable save
/// in that directory, the file reappears at its old name and is quarantined again. Stateless.
public enum Quarantine {
    /// The marker between a file's name and the quarantine timestamp.
    public static let marker = ".corrupt-"

    /// Renames `path` to `<path>.corrupt-<UTC timestamp>` (adding `-2`, `-3`… if taken) and
    /// returns the new path.
    /// - Throws: ``FileSystemError``; the file is then still at `path`.
    public static func move(_ path: String, fileSystem: any FileSystem, at date: Date) throws(FileSystemError) -> String {
        let base = path + marker + timestamp(date)
        var candidate = base
        var attempt = 1
        while fileSystem.itemExists(at: candidate) {
            attempt += 1
            candidate = base + "-\(attempt)"
        }
        try fileSystem.rename(from: path, to: candidate)
        return candidate
    }

    /// Moves the SQLite database at `path` aside like ``move(_:fileSystem:at:)``, with the files
    /// that belong to it (`-wal`, `-journal`, `-shm`) renamed to the same new name plus their
    /// suffix, and returns the database's new path. Close every connection to it first.
    /// - Throws: ``FileSystemError``; the database is then still at `path` (or, if a companion
    ///   failed to move, the companions not yet moved are still next to it).
    public static func moveDatabase(_ path: String, fileSystem: any FileSystem, at date: Date) throws(FileSystemError) -> String {
        let movedTo = try move(path, fileSystem: fileSystem, at: date)
        for suffix in ["-wal", "-journal", "-shm"] where fileSystem.itemExists(at: path + suffix) {
            try fileSystem.rename(from: path + suffix, to: movedTo + suffix)
        }
        return movedTo
    }

    /// Whether `name` is a quarantined file's name.
    public static func isQuarantined(_ name: String) -> Bool {
        name.contains(marker)
    }

    /// `date` as `yyyyMMdd'T'HHmmss'Z'` in UTC.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let number = value ?? 0
            return number < 10 ? "0\(number)" : "\(number)"
        }
        return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))T\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
    }
}
