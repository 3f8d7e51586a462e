import Foundation
import LifelineTestSupport
import ProcessHost
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("LegacyDirectoryMigration")
struct LegacyDirectoryMigrationTests {
    /// An old layout: data (a directory of notes, a 0600 file), state, and a cache to discard.
    static let legacyFiles: [String: String] = [
        "notes/a.json": String(repeating: "a", count: 40_000), "notes/b.json": "b", "notes/c.json": String(repeating: "c", count: 9_000),
        "server/accounts.secret": "hashes", "preferences.json": "{}",
        "state-windows.json": "[1,2]", "state-log": String(repeating: "line\n", count: 2_000), "cache-catalogue": "rebuilt anyway",
    ]

    static func migration(_ root: String, _ directories: ApplicationDirectories? = nil) -> LegacyDirectoryMigration {
        let directories = directories ?? ApplicationDirectories(data: root + "/data/app", state: root + "/state/app", cache: root + "/cache/app")
        return LegacyDirectoryMigration(legacy: root + "/legacy", directories: directories) { name in
            if name.hasPrefix("state-") { return .state }
            if name.hasPrefix("cache-") { return .discard }
            return .data
        }
    }

    /// The trees a whole old layout, or a whole new one, must equal.
    struct Layouts {
        let old: DirectoryTree
        var data: DirectoryTree { old.filter { !$0.hasPrefix("state-") && !$0.hasPrefix("cache-") } }
        var state: DirectoryTree { old.filter { $0.hasPrefix("state-") } }

        /// The legacy directory as it was, but for the lock file a migration takes in it.
        func oldIsWhole(_ root: String) -> Bool {
            DirectoryTree(root + "/legacy", ignoring: [".lifeline.lock"]) == old && !FileManager.default.fileExists(atPath: root + "/data/app")
        }

        func newIsWhole(_ root: String) -> Bool {
            DirectoryTree(root + "/data/app", ignoring: [".migrated-from-legacy"]) == data && DirectoryTree(root + "/state/app") == state
        }
    }

    static func makeLegacy() throws -> (root: TemporaryPath, layouts: Layouts) {
        let root = TemporaryPath("migration")
        try DirectoryTree.write(legacyFiles, below: root.path + "/legacy")
        return (root, Layouts(old: try #require(DirectoryTree(root.path + "/legacy"))))
    }

    @Test("entries move by destination with their bytes and modes; the cache is discarded; the old directory is removed")
    func migrates() throws {
        let (root, layouts) = try Self.makeLegacy()
        #expect(try Self.migration(root.path).run() == .migrated(entries: 5))
        #expect(layouts.newIsWhole(root.path))
        #expect(DirectoryTree(root.path + "/data/app")?.modes["server/accounts.secret"] == 0o600)
        #expect(!FileManager.default.fileExists(atPath: root.path + "/legacy"))
        #expect(!FileManager.default.fileExists(atPath: root.path + "/data/app/.migrated-from-legacy"))
        #expect(DirectoryTree(root.path + "/cache/app")?.files.isEmpty == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path + "/data") == ["app"], "no staging left")
    }

    @Test("once only: with the data directory in place, a later legacy directory is left alone")
    func onceOnly() throws {
        let (root, _) = try Self.makeLegacy()
        _ = try Self.migration(root.path).run()
        try DirectoryTree.write(["preferences.json": "new"], below: root.path + "/legacy")
        #expect(try Self.migration(root.path).run() == .alreadyMigrated)
        #expect(FileManager.default.fileExists(atPath: root.path + "/legacy/preferences.json"))
        #expect((try? String(contentsOfFile: root.path + "/data/app/preferences.json", encoding: .utf8)) == "{}")
    }

    @Test("no legacy directory: nothing to migrate, nothing created")
    func nothing() throws {
        let root = TemporaryPath("migration")
        #expect(try Self.migration(root.path).run() == .nothingToMigrate)
        #expect(!FileManager.default.fileExists(atPath: root.path + "/data"))
    }

    @Test("Apple's layout: the state directory inside the data directory is committed with it")
    func nestedState() throws {
        let (root, layouts) = try Self.makeLegacy()
        let support = root.path + "/Support/app"
        let directories = ApplicationDirectories(data: support, state: support + "/State", cache: root.path + "/Caches/app")
        #expect(try Self.migration(root.path, directories).run() == .migrated(entries: 5))
        #expect(DirectoryTree(support + "/State") == layouts.state)
        #expect(DirectoryTree(support, ignoring: [])?.filter { $0 != "State" } == layouts.data)
    }

    @Test("a symbolic link in place of the legacy directory is refused and left in place")
    func refusesSymlink() throws {
        let (root, _) = try Self.makeLegacy()
        try FileManager.default.moveItem(atPath: root.path + "/legacy", toPath: root.path + "/elsewhere")
        try FileManager.default.createSymbolicLink(atPath: root.path + "/legacy", withDestinationPath: root.path + "/elsewhere")
        #expect(throws: MigrationError.self) { try Self.migration(root.path).run() }
        #expect(!FileManager.default.fileExists(atPath: root.path + "/data/app"))
        #expect(FileManager.default.fileExists(atPath: root.path + "/elsewhere/preferences.json"))
    }

    /// Runs `directory-migration-probe` once to count the migration's file operations, then again
    /// for each of them, killed with SIGKILL right after it: after each kill the old layout or the
    /// new one must be whole, and a second run must finish with the new layout whole and nothing
    /// left over.
    @Test("SIGKILL after any file operation leaves the old layout or the new one whole; the next run completes it")
    func killDuringMigration() throws {
        let probe = try #require(BuiltProduct.path("directory-migration-probe"), "directory-migration-probe is not built next to the tests")
        let (counted, _) = try Self.makeLegacy()
        let full = try ProcessResult.run(probe, [counted.path], environment: [:]).output
        let total = try #require(full.split(separator: " ").last.flatMap { Int($0.trimmingCharacters(in: .newlines)) }, "\(full)")
        #expect(full.hasPrefix("migrated(entries: 5)"))

        var beforeCommit = 0
        for step in 1..<total {
            let (root, layouts) = try Self.makeLegacy()
            let killed = try ProcessResult.run(probe, [root.path, String(step)], environment: [:])
            #expect(killed.status == SIGKILL, "step \(step): the probe was killed")
            let oldWhole = layouts.oldIsWhole(root.path)
            #expect(oldWhole || layouts.newIsWhole(root.path), "killed after step \(step) of \(total): neither layout is whole")
            if oldWhole { beforeCommit += 1 }

            let finish = try ProcessResult.run(probe, [root.path], environment: [:])
            #expect(finish.status == 0, "\(finish.output)")
            #expect(layouts.newIsWhole(root.path), "killed after step \(step): the next run did not complete the migration")
            #expect(!FileManager.default.fileExists(atPath: root.path + "/legacy"))
            #expect(!FileManager.default.fileExists(atPath: root.path + "/legacy.migrated-removing"))
            #expect(!FileManager.default.fileExists(atPath: root.path + "/data/app/.migrated-from-legacy"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path + "/state") == ["app"])
        }
        #expect(beforeCommit > 0 && beforeCommit < total - 1, "kills on both sides of the commit: \(beforeCommit) of \(total - 1) before it")
    }
}

/// A fresh directory in the temporary directory, removed when released.
final class TemporaryPath: Sendable {
    let path: String

    init(_ label: String) {
        path = FileManager.default.temporaryDirectory.path + "/\(label)-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
