import Foundation
import Lifecycle

/// Small, non-sensitive app settings with typed keys and defaults, saved durably.
///
/// ```swift
/// let preferences = Preferences(fileSystem: fileSystem, directory: "/data", clock: clock)
/// try preferences.set(false, for: .showsCovers)   // returns once it survives a power loss
/// preferences[.showsCovers]                        // false
/// ```
///
/// All values live in one file (``DocumentStore`` of a name → JSON text map, backup kept), loaded
/// in the initializer, so a write can never replace values that were not loaded yet. The encoded
/// file is capped (64 KiB by default): preferences are not a database. A stored value that does
/// not decode as its key's type reads as the key's default (and is logged, without its contents);
/// it is replaced on the next ``set(_:for:)`` of that key. Secrets belong in a ``SecretStore``:
/// ``Secret`` is not `Codable`, and ``SensitiveValue`` values are refused.
///
/// Owned by the composition root, one per file; lives on the main actor.
@MainActor
public final class Preferences {
    /// What the initializer's load found (quarantined files, the source used).
    public let loadReport: DocumentLoad<[String: String]>
    private let store: DocumentStore<[String: String]>
    private let logger: LifelineLogger
    private var entries: [String: String]

    /// Opens (and loads) the preferences file `<directory>/<name>.prefs`.
    public init(
        fileSystem: any FileSystem,
        directory: String,
        name: String = "preferences",
        sizeLimit: Int = 64 * 1024,
        schema: StoredSchema = .initial,
        clock: any LifelineClock,
        logger: LifelineLogger = .disabled
    ) {
        let store = DocumentStore<[String: String]>(
            fileSystem: fileSystem, path: FilePaths.join(directory, FilePaths.safeName(name) + ".prefs"),
            defaultValue: [:], schema: schema, sizeLimit: sizeLimit, keepsBackup: true,
            clock: clock, logger: logger)
        self.store = store
        self.logger = logger.category("preferences")
        self.loadReport = store.load()
        self.entries = loadReport.value
    }

    /// The value stored for `key`, or its default.
    public subscript<Value>(key: PreferenceKey<Value>) -> Value {
        value(for: key)
    }

    /// The value stored for `key`, or its default when none is stored or it does not decode.
    public func value<Value>(for key: PreferenceKey<Value>) -> Value {
        guard let text = entries[key.name] else { return key.defaultValue }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        } catch {
            logger.warning(
                "Preference '\(key.name, privacy: .public)' does not decode as \(String(describing: Value.self), privacy: .public) (\(StoredDataError.reason(for: error), privacy: .public)); using the default."
            )
            return key.defaultValue
        }
    }

    /// Whether a value is stored for `key`.
    public func contains<Value>(_ key: PreferenceKey<Value>) -> Bool {
        entries[key.name] != nil
    }

    /// Names of the stored keys, sorted.
    public var storedKeys: [String] { entries.keys.sorted() }

    /// Stores `value` for `key` and writes the file durably.
    /// - Throws: ``DurableStoreError``: a sensitive value, an encoding failure or the size limit
    ///   leave both memory and disk unchanged; a write failure leaves the previous file (see
    ///   ``DurableWriteError``) and the in-memory value unchanged.
    public func set<Value>(_ value: Value, for key: PreferenceKey<Value>) throws(DurableStoreError) {
        if let sensitive = SensitiveValueScanner.firstSensitiveType(in: value) {
            throw .sensitiveValue(type: sensitive)
        }
        let text: String
        do {
            text = String(decoding: try StoredCodec.encoder().encode(value), as: UTF8.self)
        } catch {
            throw .encodingFailed(type: String(describing: Value.self), reason: String(describing: type(of: error)))
        }
        var updated = entries
        updated[key.name] = text
        try commit(updated)
    }

    /// Removes the value of `key` (it reads as the default again) and writes the file durably.
    /// - Throws: ``DurableStoreError``; memory and disk are unchanged then.
    public func removeValue<Value>(for key: PreferenceKey<Value>) throws(DurableStoreError) {
        guard entries[key.name] != nil else { return }
        var updated = entries
        updated[key.name] = nil
        try commit(updated)
    }

    private func commit(_ updated: [String: String]) throws(DurableStoreError) {
        try store.save(updated)
        entries = updated
    }
}
