import CampusLibrary
import Foundation
import LifelineTestSupport
import Testing

/// The real `campus-library` binary on the platform's conventions: the session token in the
/// desktop keyring, files in the XDG base directories, the old `~/.campus-library` migrated.
@Suite("campus-library on the platform's conventions", .serialized, .startsCampusLibrary)
struct CampusLibraryPlatformTests {
    /// Every file below `root`, relative to it.
    static func files(below root: String) -> [String] {
        FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted() ?? []
    }

    @Test(
        "with a Secret Service on the bus, sign-in says the keyring holds the token; secret-tool reads it back; it is in no file and no log line; files follow XDG",
        .enabled(if: Terminal.isAvailable, "needs tmux"),
        .timeLimit(.minutes(1))
    )
    func tokenInKeyringFilesInXDGDirectories() async throws {
        let keyring = try TestKeyring.start()
        defer { keyring.stop() }
        let binary = try Terminal.binary()
        let root = FileManager.default.temporaryDirectory.path + "/campus-xdg-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let terminal = try Terminal()
        defer { terminal.shutDown() }
        let environment = [
            "HOME=\(root)/home", "XDG_DATA_HOME=\(root)/data", "XDG_STATE_HOME=\(root)/state", "XDG_CACHE_HOME=\(root)/cache",
            "DBUS_SESSION_BUS_ADDRESS=\(keyring.busAddress)",
        ]

        try terminal.type("env \(environment.joined(separator: " ")) \(binary)", then: "Enter")
        try await terminal.waitFor("Window 1/1")
        try await terminal.signIn(expecting: "Your session token is kept in the desktop keyring (Secret Service).")
        try await terminal.writeNoteOnMobyDick("Call me Ishmael")
        let pid = try await terminal.appProcess()
        try terminal.keys("C-c")
        try await terminal.waitForExit(of: pid)

        let lookup = try keyring.run("secret-tool", ["lookup", "key", SessionTokenStore.key])
        let token = lookup.output
        #expect(lookup.status == 0 && token.count >= 16, "the keyring holds the token: \(lookup)")
        let search = try keyring.run("secret-tool", ["search", "key", SessionTokenStore.key])
        #expect((search.output + search.error).contains("label = Campus Library sign-in token"))

        let files = Self.files(below: root)
        #expect(files.contains { $0.hasPrefix("data/campus-library/notes/") }, "\(files)")
        #expect(files.contains("state/campus-library/windows.json"), "\(files)")
        #expect(files.contains("state/campus-library/campus-library.log"), "\(files)")
        #expect(files.contains("cache/campus-library/catalogue.sqlite"), "\(files)")
        #expect(!files.contains { $0.hasPrefix("data/campus-library/secrets") }, "no plaintext token file: \(files)")
        #expect(!files.contains { $0.hasPrefix("home/") }, "nothing in the home directory itself: \(files)")
        for file in files where !token.isEmpty {
            let contents = FileManager.default.contents(atPath: root + "/" + file) ?? Data()
            #expect(contents.range(of: Data(token.utf8)) == nil, "\(file) holds the session token")
        }
    }

    @Test("an old ~/.campus-library is moved into the XDG directories once: data, state, and the catalogue cache rebuilt")
    func migratesLegacyDirectory() throws {
        let binary = try Terminal.binary()
        let root = FileManager.default.temporaryDirectory.path + "/campus-migrate-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let legacy = root + "/home/.campus-library"
        let old: [String: String] = [
            "notes/moby-dick.json": #"{"text":"Call me Ishmael"}"#, "server/state.json": "{}", "preferences.json": "{}",
            "windows.json": "{}", "launches.guard": "0", "campus-library.log": "a line\n", "catalogue.sqlite": "stale",
        ]
        for (path, contents) in old {
            try FileManager.default.createDirectory(atPath: legacy + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try contents.write(toFile: legacy + "/" + path, atomically: false, encoding: .utf8)
        }
        let environment = ["PATH": "/usr/bin:/bin", "HOME": root + "/home", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"]

        let first = try ProcessResult.run(binary, ["--ownership-report"], environment: environment)
        #expect(first.status == 0, "\(first.error)")
        #expect(first.error.contains("moved \(legacy)"))
        #expect(!FileManager.default.fileExists(atPath: legacy), "the old directory is gone")
        let data = root + "/home/.local/share/campus-library/"
        let state = root + "/home/.local/state/campus-library/"
        // The launch after the migration reads these stand-ins and quarantines those it cannot
        // decode (`name.corrupt-…`): where each went is checked here; LegacyDirectoryMigrationTests
        // checks the bytes, under kills.
        let moved = Self.files(below: root + "/home")
        #expect((try? String(contentsOfFile: data + "notes/moby-dick.json", encoding: .utf8)) == old["notes/moby-dick.json"])
        for name in ["server/state.json", "preferences.json"] {
            #expect(moved.contains { $0.hasPrefix(".local/share/campus-library/" + name) }, "\(name): \(moved)")
        }
        for name in ["windows.json", "launches.guard"] {
            #expect(moved.contains { $0.hasPrefix(".local/state/campus-library/" + name) }, "\(name): \(moved)")
        }
        #expect((try? String(contentsOfFile: state + "campus-library.log", encoding: .utf8))?.hasPrefix("a line\n") == true)
        #expect(!FileManager.default.fileExists(atPath: data + "catalogue.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: root + "/home/.cache/campus-library/catalogue.sqlite"), "the stale cache was not carried over")

        try FileManager.default.createDirectory(atPath: legacy, withIntermediateDirectories: true)
        try "{}".write(toFile: legacy + "/windows.json", atomically: false, encoding: .utf8)
        let second = try ProcessResult.run(binary, ["--ownership-report"], environment: environment)
        #expect(second.status == 0)
        #expect(!second.error.contains("moved"), "migrated once only")
        #expect(FileManager.default.fileExists(atPath: legacy + "/windows.json"), "a later ~/.campus-library is left alone")
    }
}
