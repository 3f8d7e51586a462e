import Foundation

/// What ``DocumentStore/load()`` produced: the value, where it came from, and every problem it
/// had to work around.
///
/// ```swift
/// let loaded = store.load()
/// if let problem = loaded.issues.first { banner = "Your last change could not be recovered." }
/// editor.text = loaded.value.text
/// ```
///
/// A value, `Sendable` when `Value` is.
public struct DocumentLoad<Value> {
    /// Where the value came from.
    public enum Source: Sendable, Equatable, CustomStringConvertible {
        /// The document's file.
        case primary
        /// The previous generation (the primary was missing or quarantined).
        case backup
        /// The store's default (nothing usable was stored).
        case defaultValue

        public var description: String {
            switch self {
            case .primary: "primary"
            case .backup: "backup"
            case .defaultValue: "default"
            }
        }
    }

    /// The value to use.
    public var value: Value
    /// Where it came from.
    public var source: Source
    /// The schema version it was stored with, if it was stored (older than the store's when it
    /// was migrated; the migrated value was written back).
    public var storedSchemaVersion: Int?
    /// When it was written, if it was stored.
    public var writtenAt: Date?
    /// Files quarantined, left in place or unreadable on the way, in the order they were met.
    public var issues: [LoadIssue]
    /// What the load means for the user: the latest copy, an older generation, a fresh start
    /// after damage, or a file that cannot be read now.
    public var outcome: LoadOutcome

    /// Whether the value was migrated from an older schema.
    public func wasMigrated(currentVersion: Int) -> Bool {
        storedSchemaVersion.map { $0 < currentVersion } ?? false
    }
}

extension DocumentLoad: Sendable where Value: Sendable {}
extension DocumentLoad: Equatable where Value: Equatable {}
