import DurableState
import Foundation
import Lifecycle
import Testing

private struct SessionToken: Codable, Sendable, SensitiveValue { var raw: String }

extension PreferenceKey where Value == Bool {
    fileprivate static let showsCovers = PreferenceKey("showsCovers", default: true)
}

extension PreferenceKey where Value == Int {
    fileprivate static let fontSize = PreferenceKey("fontSize", default: 14)
}

extension PreferenceKey where Value == [String] {
    fileprivate static let recentSearches = PreferenceKey("recentSearches", default: [])
}

@MainActor
@Suite("Preferences")
struct PreferencesTests {
    let directory = TemporaryDirectory()
    let clock = VirtualClock()
    let logs = MemoryLogSink()

    func open(_ fileSystem: any FileSystem = POSIXFileSystem(), sizeLimit: Int = 64 * 1024) -> Preferences {
        Preferences(storage: StorageEnvironment(fileSystem: fileSystem), directory: directory.path, sizeLimit: sizeLimit, clock: clock,
                    logger: LifelineLogger(category: "test", sink: logs))
    }

    @Test("unset keys read their defaults; set values survive reopening")
    func defaultsAndPersistence() throws {
        let preferences = open()
        #expect(preferences[.showsCovers] == true)
        #expect(preferences[.fontSize] == 14)
        try preferences.set(false, for: .showsCovers)
        try preferences.set(["dune", "emma"], for: .recentSearches)
        let reopened = open()
        #expect(reopened[.showsCovers] == false)
        #expect(reopened[.recentSearches] == ["dune", "emma"])
        #expect(reopened[.fontSize] == 14)
        #expect(reopened.storedKeys == ["recentSearches", "showsCovers"])
        try reopened.removeValue(for: .showsCovers)
        #expect(open()[.showsCovers] == true)
    }

    @Test("a value over the size limit is refused and nothing changes")
    func sizeLimit() throws {
        let preferences = open(sizeLimit: 200)
        try preferences.set(16, for: .fontSize)
        let huge = Array(repeating: "a long search phrase", count: 50)
        #expect(throws: DurableStoreError.self) { try preferences.set(huge, for: .recentSearches) }
        #expect(preferences[.recentSearches] == [])
        #expect(open(sizeLimit: 200)[.fontSize] == 16)
    }

    @Test("a Secret is not Codable and a SensitiveValue is refused at run time")
    func secretsStayOut() throws {
        #expect(!(Secret.self is any Encodable.Type))
        let key = PreferenceKey<SessionToken?>("token", default: nil)
        let preferences = open()
        #expect(throws: DurableStoreError.sensitiveValue(type: "SessionToken")) {
            try preferences.set(SessionToken(raw: "canary-8f2e"), for: key)
        }
        let nested = PreferenceKey<[String: SessionToken]>("tokens", default: [:])
        #expect(throws: DurableStoreError.sensitiveValue(type: "SessionToken")) {
            try preferences.set(["a": SessionToken(raw: "canary-8f2e")], for: nested)
        }
        let files = try directory.names.map { try Data(contentsOf: URL(fileURLWithPath: directory.file($0))) }
        #expect(!files.contains { String(decoding: $0, as: UTF8.self).contains("canary-8f2e") })
    }

    @Test("a stored value of the wrong type reads as the default and other keys are kept")
    func wrongType() throws {
        try open().set(["a"], for: .recentSearches)
        let asInt = PreferenceKey<Int>("recentSearches", default: -1)
        let preferences = open()
        #expect(preferences[asInt] == -1)
        try preferences.set(18, for: .fontSize)
        #expect(open()[.recentSearches] == ["a"])
        #expect(logs.records.contains { $0.message.contains("does not decode") })
    }

    @Test(
        "a corrupt preferences file is quarantined and the last good copy used",
        arguments: ["truncated", "random bytes", "newer schema"]
    )
    func corruptFile(damage: String) throws {
        let preferences = open()
        try preferences.set(20, for: .fontSize)
        try preferences.set(false, for: .showsCovers)
        let path = directory.file("preferences.prefs")
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        let damaged = switch damage {
        case "truncated": good.prefix(10)
        case "random bytes": Data((0..<40).map { UInt8(truncatingIfNeeded: $0 * 151) })
        default: try StoredCodec(schema: StoredSchema(version: 9), sizeLimit: 1000).encode(["fontSize": "99"], writtenAt: clock.date)
        }
        try damaged.write(to: URL(fileURLWithPath: path))
        let reopened = open()
        #expect(reopened.loadReport.source == .backup)
        #expect(reopened[.fontSize] == 20)
        #expect(reopened[.showsCovers] == true)
        #expect(reopened.loadReport.issues.count == 1)
        #expect(directory.names.contains { $0.hasPrefix("preferences.prefs.corrupt-") })
        try reopened.set(22, for: .fontSize)
        #expect(open()[.fontSize] == 22)
    }

    @Test("an older preferences schema is migrated; an oversized file is quarantined")
    func olderSchemaAndOversized() throws {
        let renamed = SchemaMigration(from: 1) { data in
            var entries = try JSONDecoder().decode([String: String].self, from: data)
            entries["fontSize"] = entries.removeValue(forKey: "textSize")
            return try JSONEncoder().encode(entries)
        }
        let path = directory.file("preferences.prefs")
        try StoredCodec(sizeLimit: 1000).encode(["textSize": "17"], writtenAt: clock.date).write(to: URL(fileURLWithPath: path))
        let migrated = Preferences(storage: StorageEnvironment(fileSystem: POSIXFileSystem()), directory: directory.path,
                                   schema: StoredSchema(version: 2, migrations: [renamed]), clock: clock)
        #expect(migrated[.fontSize] == 17)
        #expect(migrated.loadReport.storedSchemaVersion == 1)
        #expect(try StoredEnvelope.decode(Data(contentsOf: URL(fileURLWithPath: path))).schemaVersion == 2)

        try Data(count: 70_000).write(to: URL(fileURLWithPath: path))
        let reopened = open()
        #expect(reopened.loadReport.issues.first?.reason == .oversized(bytes: 70_000, limit: 64 * 1024))
    }

    @Test("a failed write leaves memory and disk unchanged")
    func failedWrite() throws {
        let fileSystem = FaultyFileSystem()
        let preferences = open(fileSystem)
        try preferences.set(15, for: .fontSize)
        fileSystem.fail(.rename)
        #expect(throws: DurableStoreError.self) { try preferences.set(30, for: .fontSize) }
        #expect(preferences[.fontSize] == 15)
        #expect(open()[.fontSize] == 15)
    }
}
