import Foundation
import Lifecycle
import LifelineHistory

/// Small, non-sensitive app settings with typed keys and defaults, saved durably.
///
/// ```swift
/// let preferences = Preferences(storage: storage, directory: "/data", clock: clock)
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
/// On a simulated device (``StorageEnvironment/history``) each ``set(_:for:)`` and
/// ``removeValue(for:)`` is recorded in the history under the preference's name (prefixed with
/// the name `history` gives, `<name>.<key>`): an edit before the write, acknowledged once it
/// returns; a preference that is not set reads as its key's default, which the history treats as
/// nothing.
///
/// The file's ``DataProtection`` class (iOS's default, ``DataProtection/completeUntilFirstUserAuthentication``,
/// unless `protection` says otherwise) decides when it reads. While it cannot be read
/// (``isAvailable`` is false, ``loadReport`` says ``LoadOutcome/unavailableNow``) every key reads
/// as its default through ``value(for:)``, ``availableValue(for:)`` throws
/// ``DurableStoreError/protectedDataUnavailable(_:)``, and ``set(_:for:)`` refuses: the stored
/// values it has not read are never replaced. Each call tries the file again, so the values come
/// back on their own once the device allows.
///
/// Owned by the composition root, one per file; lives on the main actor.
@MainActor
public final class Preferences {
    /// What the last load found (quarantined files, the source used): the initializer's, or a
    /// later one that read the file it could not read then.
    public private(set) var loadReport: DocumentLoad<[String: String]>
    private let store: DocumentStore<[String: String]>
    private let logger: LifelineLogger
    private var entries: [String: String]
    /// Where changes are reported on a simulated device (reports nothing elsewhere); its name is
    /// the prefix of each preference's, empty for none.
    private let history: HistoryReporter
    /// The keys whose default the history was told, so that reads tell it once.
    private var reportedDefaults: Set<String> = []
    /// Where the preferences live, for storage built on them (``RemoteRecordSync``).
    let storage: StorageEnvironment

    /// Opens (and loads) the preferences file `<directory>/<name>.prefs`.
    public init(
        storage: StorageEnvironment,
        directory: String,
        name: String = "preferences",
        sizeLimit: Int = 64 * 1024,
        schema: StoredSchema = .initial,
        protection: DataProtection = .completeUntilFirstUserAuthentication,
        clock: any LifelineClock,
        logger: LifelineLogger = .disabled,
        history: HistoryRecording = .automatic
    ) {
        let store = DocumentStore<[String: String]>(
            storage: storage, path: FilePaths.join(directory, FilePaths.safeName(name) + ".prefs"),
            defaultValue: [:], schema: schema, sizeLimit: sizeLimit, keepsBackup: true, protection: protection,
            clock: clock, logger: logger, history: .off)
        self.storage = storage
        self.history = history.reporter(name: "", persistence: .durable, history: storage.history)
        self.store = store
        self.logger = logger.category("preferences")
        self.loadReport = store.load()
        self.entries = loadReport.value
    }

    /// The value stored for `key`, or its default.
    public subscript<Value>(key: PreferenceKey<Value>) -> Value {
        value(for: key)
    }

    /// Whether the file was read: false while it exists but cannot be read (its protection
    /// class keeps it closed, or it is unreadable), when every key reads as its default.
    public var isAvailable: Bool {
        reloadIfUnread()
        return !loadReport.outcome.isUnreadable
    }

    /// The value stored for `key`, or its default when none is stored or it does not decode.
    /// - Throws: ``DurableStoreError/protectedDataUnavailable(_:)`` (or
    ///   ``DurableStoreError/unreadableFileInTheWay(path:cause:)``) while the file cannot be read,
    ///   rather than a default that may not be the user's.
    public func availableValue<Value>(for key: PreferenceKey<Value>) throws(DurableStoreError) -> Value {
        try requireRead()
        return value(for: key)
    }

    /// The value stored for `key`, or its default when none is stored, it does not decode, or the
    /// file cannot be read now (``isAvailable``).
    public func value<Value>(for key: PreferenceKey<Value>) -> Value {
        reloadIfUnread()
        let value = storedValue(for: key)
        // The first read of a key is what the file held: the simulation checks it (once it read).
        if history.isReporting, !reportedDefaults.contains(key.name), !loadReport.outcome.isUnreadable {
            reporter(for: key).didLoad(value)
        }
        return value
    }

    /// ``value(for:)`` without a report to the history (bookkeeping the user never sees).
    func storedValue<Value>(for key: PreferenceKey<Value>) -> Value {
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
        try set(value, for: key, reportsHistory: true)
    }

    /// ``set(_:for:)``, reported to the history only if `reportsHistory` (bookkeeping the user
    /// never sees, such as ``RemoteRecordSync``'s record id, is not).
    func set<Value>(_ value: Value, for key: PreferenceKey<Value>, reportsHistory: Bool) throws(DurableStoreError) {
        if let sensitive = SensitiveValueScanner.firstSensitiveType(in: value) {
            throw .sensitiveValue(type: sensitive)
        }
        let text: String
        do {
            text = String(decoding: try StoredCodec.encoder().encode(value), as: UTF8.self)
        } catch {
            throw .encodingFailed(type: String(describing: Value.self), reason: String(describing: type(of: error)))
        }
        try requireRead()
        var updated = entries
        updated[key.name] = text
        try commit(updated, reporting: value, to: reportsHistory ? reporter(for: key) : .none)
    }

    /// Removes the value of `key` (it reads as the default again) and writes the file durably.
    /// - Throws: ``DurableStoreError``; memory and disk are unchanged then.
    public func removeValue<Value>(for key: PreferenceKey<Value>) throws(DurableStoreError) {
        try removeValue(for: key, reportsHistory: true)
    }

    /// ``removeValue(for:)``, reported to the history only if `reportsHistory`.
    func removeValue<Value>(for key: PreferenceKey<Value>, reportsHistory: Bool) throws(DurableStoreError) {
        try requireRead()
        guard entries[key.name] != nil else { return }
        var updated = entries
        updated[key.name] = nil
        try commit(updated, reporting: key.defaultValue, to: reportsHistory ? reporter(for: key) : .none)
    }

    /// Loads the file again if the last load could not read it: always before a write, and
    /// before a read only when its protection class kept it closed (a file unreadable for
    /// another reason stays so until the next write tries it).
    private func reloadIfUnread(beforeWriting: Bool = false) {
        guard beforeWriting ? loadReport.outcome.isUnreadable : loadReport.outcome.unavailableNow != nil else { return }
        loadReport = store.load()
        entries = loadReport.value
    }

    /// Loads the file again if the last load could not read it, and refuses if it still cannot.
    private func requireRead() throws(DurableStoreError) {
        reloadIfUnread(beforeWriting: true)
        guard case let .unreadable(path, cause) = loadReport.outcome else { return }
        if case .protectedDataUnavailable(let refusal) = cause { throw .protectedDataUnavailable(refusal) }
        throw .unreadableFileInTheWay(path: path, cause: cause)
    }

    /// Saves `updated`, whose change shows `value` under `reporter`'s name.
    private func commit<Value>(_ updated: [String: String], reporting value: Value, to reporter: HistoryReporter) throws(DurableStoreError) {
        reporter.willSave(value)
        do {
            try store.save(updated)
        } catch {
            if error.leftStoredValueUnchanged { reporter.didFailToSave(value) }
            throw error
        }
        entries = updated
        reporter.didSave(value)
    }

    /// The reporter of `key`'s value (the key's name, after the recording's own), which has told
    /// the history the key's default.
    private func reporter<Value>(for key: PreferenceKey<Value>) -> HistoryReporter {
        guard history.isReporting else { return history }
        let prefix = history.key.name
        let reporter = history.named(HistoryKey(prefix.isEmpty ? key.name : prefix + "." + key.name, scene: history.key.scene))
        if reportedDefaults.insert(key.name).inserted { reporter.setDefault(key.defaultValue) }
        return reporter
    }
}
