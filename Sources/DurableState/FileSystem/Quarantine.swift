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
/// in that directory, the file reappears at its old name and is quarantined again.
///
/// Copies do not pile up: ``trim(_:fileSystem:keeping:)`` removes all but the newest
/// ``keptCopies`` of one file (``DocumentStore`` calls it after each quarantine and reports what it
/// removed as ``LoadIssue/olderCopiesRemoved(path:removed:)``), so a file damaged at every launch
/// costs at most three copies of its size. Stateless.
public enum Quarantine {
    /// The marker between a file's name and the quarantine timestamp.
    public static let marker = ".corrupt-"

    /// How many quarantined copies of one file ``trim(_:fileSystem:keeping:)`` keeps: the newest.
    public static let keptCopies = 3

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

    /// Removes the quarantined copies of the file at `path` (and of a database, their `-wal`,
    /// `-journal` and `-shm` files) but the newest `keeping`, and returns the removed paths,
    /// oldest first. Copies are ordered by their timestamp, then by the number added to a taken
    /// name. A copy that cannot be removed is left (and not returned): a leftover costs space,
    /// never data.
    @discardableResult
    public static func trim(_ path: String, fileSystem: any FileSystem, keeping: Int = keptCopies) -> [String] {
        let directory = FilePaths.directory(of: path)
        let prefix = FilePaths.name(of: path) + marker
        guard let names = try? fileSystem.contentsOfDirectory(at: directory) else { return [] }
        var copies: [String: [String]] = [:]
        for name in names where name.hasPrefix(prefix) {
            var stamp = String(name.dropFirst(prefix.count))
            for suffix in ["-wal", "-journal", "-shm"] where stamp.hasSuffix(suffix) {
                stamp = String(stamp.dropLast(suffix.count))
            }
            copies[stamp, default: []].append(name)
        }
        let oldestFirst = copies.keys.sorted { order($0) < order($1) }
        var removed: [String] = []
        for stamp in oldestFirst.dropLast(max(keeping, 0)) {
            for name in (copies[stamp] ?? []).sorted() {
                let copy = FilePaths.join(directory, name)
                if (try? fileSystem.removeItem(at: copy)) != nil { removed.append(copy) }
            }
        }
        return removed
    }

    /// A quarantine suffix (`20270115T101112Z` or `20270115T101112Z-2`) as a sortable key.
    private static func order(_ stamp: String) -> (String, Int) {
        let parts = stamp.split(separator: "-", maxSplits: 1)
        return (String(parts.first ?? ""), parts.count > 1 ? Int(parts[1]) ?? 0 : 1)
    }

    /// Whether `name` is a quarantined file's name.
    public static func isQuarantined(_ name: String) -> Bool {
        name.contains(marker)
    }

    /// `date` as `yyyyMMdd'T'HHmmss'Z'` in UTC: the stamp of a quarantined copy's name.
    public static func timestamp(_ date: Date) -> String {
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
