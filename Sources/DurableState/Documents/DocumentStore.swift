import Foundation
import Lifecycle
import LifelineHistory

/// One `Codable` value in one file, saved atomically and durably, loaded defensively.
///
/// ```swift
/// let drafts = DocumentStore(
///     fileSystem: fileSystem, path: "/data/draft.json", defaultValue: Draft(),
///     schema: StoredSchema(version: 2, migrations: [draftV1toV2]), clock: clock, logger: logger)
/// let loaded = drafts.load()          // never throws: last good copy, then the default
/// try drafts.save(editedDraft)        // returns once the new draft survives a power loss
/// ```
///
/// Saves go through ``DurableFile`` (temporary file → sync → rename → directory sync); with
/// `keepsBackup` the previous generation is kept at `<path>.bak`. A file that fails to decode —
/// truncated, damaged, random bytes, a newer schema, over the size limit — is never overwritten:
/// it is moved aside (``Quarantine``), the backup is tried, then the default, and each problem is
/// reported as a ``LoadIssue`` and logged without user data. An older schema is migrated and
/// written back. A link, FIFO or device in place of the file is never read or written through:
/// the load reports it as ``LoadIssue/unreadable(path:cause:)`` and saves refuse to replace it
/// (see ``FileSystem``).
///
/// The file is private by default — 0600, in directories created 0700, whatever the umask;
/// pass `permissions: 0o644` for a document meant to be read by other users.
///
/// The file's ``DataProtection`` class (``DataProtection/completeUntilFirstUserAuthentication``,
/// iOS's default, unless `protection` says otherwise) decides when it can be read and written on
/// a device that locks (``StorageEnvironment/protectedData``). A load that finds it kept closed
/// reports ``LoadOutcome/unavailableNow`` and returns the default without deciding anything; a
/// save then throws ``DurableStoreError/protectedDataUnavailable(_:)`` and writes nothing, so a
/// value that could not be read is never replaced by one made without it.
///
/// On a simulated device (``StorageEnvironment/history``) each save is recorded in the history
/// under the file's path, or the name `history` gives: an edit before the write (unless the
/// screen already reported it), acknowledged once the save returns, and what ``load()`` reads
/// is checked against the history. A screen that shows a value
/// before it is saved — a change kept in memory, saved later — must have that change reported
/// when it is made: by the user action that made it (the simulator's `UserAction` edits) or by
/// hand (`StorageHistory/edit(_:text:durability:)`); the store cannot see it.
///
/// Owned by whoever builds it (the composition root or a store that wraps it); lives on the main
/// actor, so one save of the file is in flight at a time.
@MainActor
public final class DocumentStore<Value: Codable & Sendable> {
    /// The file and its recipe.
    public let file: DurableFile
    /// Encoding, schema and size limit.
    public let codec: StoredCodec
    /// What ``load()`` returns when nothing usable is stored.
    public let defaultValue: Value
    /// Whether saves keep the previous generation at ``DurableFile/backupPath``.
    public let keepsBackup: Bool
    /// When the file may be read and written on a device that locks.
    public let protection: DataProtection
    /// Successful saves by this object.
    public private(set) var saveCount = 0

    private let clock: any LifelineClock
    private let logger: LifelineLogger
    /// Where saves are reported on a simulated device (reports nothing elsewhere).
    private let history: HistoryReporter
    /// True once the primary file was read successfully or written by this object: only then is
    /// it worth keeping as the backup. An unreadable or quarantined file is never rotated.
    private var primaryIsKnownGood = false
    /// True once ``load()`` ran, so a save never rotates a file nobody has checked.
    private var hasInspected = false
    /// Corrupt files that could not be quarantined: a save moves them aside first or refuses.
    private var blocked: [String: StoredDataError] = [:]
    /// Set when the last load could not read the primary file (it exists, its contents are
    /// unknown): a save reads it again first and refuses to replace it while it stays unreadable.
    private var primaryUnreadable: FileSystemError?
    /// True once a saved value showed that `Value` cannot hold a ``SensitiveValue`` (a struct of
    /// plain fields): later saves skip the reflection scan.
    private var valueTypeIsPlain = false

    /// Creates a store for the file at `path` (absolute). Nothing is read until ``load()``.
    public init(
        storage: StorageEnvironment,
        path: String,
        defaultValue: Value,
        schema: StoredSchema = .initial,
        sizeLimit: Int = 4 * 1024 * 1024,
        keepsBackup: Bool = true,
        permissions: UInt16 = 0o600,
        protection: DataProtection = .completeUntilFirstUserAuthentication,
        clock: any LifelineClock,
        logger: LifelineLogger = .disabled,
        history: HistoryRecording = .automatic
    ) {
        self.file = DurableFile(fileSystem: storage.fileSystem(protectedBy: protection), path: path, permissions: permissions)
        self.protection = protection
        self.codec = StoredCodec(schema: schema, sizeLimit: sizeLimit)
        self.defaultValue = defaultValue
        self.keepsBackup = keepsBackup
        self.clock = clock
        self.logger = logger.category("documents")
        self.history = history.reporter(name: HistoryKey(path), persistence: .durable, history: storage.history)
        self.history.setDefault(defaultValue)
    }

    private var name: String { FilePaths.name(of: file.path) }

    /// Loads the document: the primary file, else the backup, else the default.
    ///
    /// Never throws: problems are quarantined and listed in ``DocumentLoad/issues``. A value from
    /// an older schema is migrated and written back (failure to write back is logged; the
    /// migrated value is still returned). Temporary files left by interrupted writes are removed
    /// once stale (``DurableFile/removeStaleTemporaries(now:)``).
    public func load() -> DocumentLoad<Value> {
        hasInspected = true
        primaryIsKnownGood = false
        primaryUnreadable = nil
        file.removeStaleTemporaries(now: clock.date)
        var issues: [LoadIssue] = []
        var candidates: [(String, DocumentLoad<Value>.Source)] = [(file.path, .primary)]
        if keepsBackup { candidates.append((file.backupPath, .backup)) }
        for (path, source) in candidates {
            guard let stored = read(path, issues: &issues) else { continue }
            if source == .primary { primaryIsKnownGood = true }
            let load = DocumentLoad(
                value: stored.value, source: source, storedSchemaVersion: stored.schemaVersion,
                writtenAt: stored.writtenAt, issues: issues,
                outcome: LoadOutcome(issues: issues, usedBackup: source == .backup, writtenAt: stored.writtenAt))
            if stored.schemaVersion < codec.schema.version { writeBackMigrated(stored) }
            history.didLoad(stored.value)
            return load
        }
        if !issues.isEmpty {
            logger.warning("No usable copy of \(name, privacy: .public); using the default value.")
        }
        // A file its class keeps closed was not read: the default is no claim about what it holds.
        if case .protectedDataUnavailable? = primaryUnreadable {} else { history.didLoad(defaultValue) }
        return DocumentLoad(
            value: defaultValue, source: .defaultValue, storedSchemaVersion: nil, writtenAt: nil, issues: issues,
            outcome: LoadOutcome(issues: issues, usedBackup: false, writtenAt: nil))
    }

    /// Saves `value` durably, keeping the previous generation as the backup if configured.
    ///
    /// Runs ``load()`` first if this object never did, so a corrupt file is quarantined rather
    /// than rotated into the backup; a primary file that exists but cannot be read is never
    /// replaced (it is read again on each save).
    /// - Throws: ``DurableStoreError``; see each case for what is left on disk. The store stays
    ///   usable and the next save retries. ``DurableStoreError/protectedDataUnavailable(_:)``
    ///   when the file's class keeps it closed now (to read first, or to write).
    public func save(_ value: Value) throws(DurableStoreError) {
        if !hasInspected || primaryUnreadable != nil { _ = load() }
        if case .protectedDataUnavailable(let refusal)? = primaryUnreadable { throw .protectedDataUnavailable(refusal) }
        if let cause = primaryUnreadable { throw .unreadableFileInTheWay(path: file.path, cause: cause) }
        try clearBlockedFiles()
        if !valueTypeIsPlain {
            if let sensitive = SensitiveValueScanner.firstSensitiveType(in: value) { throw .sensitiveValue(type: sensitive) }
            valueTypeIsPlain = SensitiveValueScanner.typeIsPlain(value)
        }
        let data = try codec.encodeChecked(value, writtenAt: clock.date)
        history.willSave(value)
        do {
            try file.replace(with: data, keepingBackup: keepsBackup && primaryIsKnownGood)
        } catch {
            logger.error("Saving \(name, privacy: .public) failed: \(error.description, privacy: .public)")
            if error.previousContentsIntact { history.didFailToSave(value) }
            if case .protectedDataUnavailable(let refusal) = error.cause { throw .protectedDataUnavailable(refusal) }
            throw .write(error)
        }
        primaryIsKnownGood = true
        saveCount += 1
        history.didSave(value)
    }

    /// Refuses `value` if a save of it would be refused before anything is written: a sensitive
    /// value, one that does not encode, or one over the size limit. Writes nothing; costs at most
    /// one encoding (none for a string short enough to fit however it is escaped).
    /// - Throws: ``DurableStoreError/tooLarge(bytes:limit:)``, ``DurableStoreError/encodingFailed(type:reason:)``
    ///   or ``DurableStoreError/sensitiveValue(type:)``.
    public func check(_ value: Value) throws(DurableStoreError) {
        if !valueTypeIsPlain, let sensitive = SensitiveValueScanner.firstSensitiveType(in: value) {
            throw .sensitiveValue(type: sensitive)
        }
        try codec.checkSize(of: value)
    }

    /// Removes the document, its backup and its temporary files (quarantined files stay): it
    /// reads as the default value again, which the history records as the value's new one.
    /// - Throws: ``DurableStoreError/write(_:)`` if a removal or the directory sync fails.
    public func remove() throws(DurableStoreError) {
        history.willSave(defaultValue)
        do {
            for path in [file.path, file.backupPath] + file.existingTemporaries() where file.fileSystem.itemExists(at: path) {
                try file.fileSystem.removeItem(at: path)
            }
            if file.fileSystem.itemExists(at: file.directory) {
                try file.fileSystem.syncDirectory(at: file.directory)
            }
        } catch {
            throw .write(DurableWriteError(step: .replace, path: file.path, cause: error))
        }
        primaryIsKnownGood = false
        hasInspected = true
        history.didSave(defaultValue)
    }

    private func read(_ path: String, issues: inout [LoadIssue]) -> StoredValue<Value>? {
        let data: Data
        do {
            let (contents, size) = try file.fileSystem.readFile(at: path, maximumSize: codec.sizeLimit)
            guard size <= codec.sizeLimit else {
                issues += quarantine(path, reason: .oversized(bytes: size, limit: codec.sizeLimit))
                return nil
            }
            data = contents
        } catch .notFound {
            return nil
        } catch {
            if path == file.path { primaryUnreadable = error }
            issues.append(.unreadable(path: path, cause: error))
            logger.error("\(FilePaths.name(of: path), privacy: .public) could not be read: \(error.description, privacy: .public)")
            return nil
        }
        do throws(StoredDataError) {
            return try codec.decode(Value.self, from: data)
        } catch {
            issues += quarantine(path, reason: error)
            return nil
        }
    }

    /// Moves the file at `path` aside, then removes its oldest quarantined copies beyond
    /// ``Quarantine/keptCopies``; what happened, as issues.
    private func quarantine(_ path: String, reason: StoredDataError) -> [LoadIssue] {
        let movedTo: String
        do {
            movedTo = try Quarantine.move(path, fileSystem: file.fileSystem, at: clock.date)
        } catch {
            blocked[path] = reason
            logger.error(
                "Could not quarantine \(FilePaths.name(of: path), privacy: .public) (\(reason.description, privacy: .public)): \(error.description, privacy: .public)"
            )
            return [.quarantineFailed(path: path, reason: reason, cause: error)]
        }
        blocked[path] = nil
        logger.warning(
            "Quarantined \(FilePaths.name(of: path), privacy: .public) as \(FilePaths.name(of: movedTo), privacy: .public): \(reason.description, privacy: .public)"
        )
        let removed = Quarantine.trim(path, fileSystem: file.fileSystem)
        guard !removed.isEmpty else { return [.quarantined(path: path, movedTo: movedTo, reason: reason)] }
        let trimmed = LoadIssue.olderCopiesRemoved(path: path, removed: removed)
        logger.warning("\(trimmed.description, privacy: .public)")
        return [.quarantined(path: path, movedTo: movedTo, reason: reason), trimmed]
    }

    private func clearBlockedFiles() throws(DurableStoreError) {
        for (path, reason) in blocked.sorted(by: { $0.key < $1.key }) {
            if case .quarantineFailed? = quarantine(path, reason: reason).first {
                throw .corruptFileInTheWay(path: path)
            }
        }
    }

    private func writeBackMigrated(_ stored: StoredValue<Value>) {
        do throws(DurableStoreError) {
            try save(stored.value)
            logger.info("Migrated \(name, privacy: .public) from schema \(stored.schemaVersion, privacy: .public) to \(self.codec.schema.version, privacy: .public).")
        } catch {
            logger.error("Could not write back migrated \(name, privacy: .public): \(error.description, privacy: .public)")
        }
    }
}
