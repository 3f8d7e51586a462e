#if os(Linux)
import DurableState
import Foundation
import LifelineTestSupport
import Testing

/// `SecretServiceStore` against a real GNOME Keyring on a private session bus. Each operation runs
/// in `secret-store-probe`, a process of its own, because a process connects to one session bus
/// for its life: the bus is chosen by the environment the test gives the probe.
@Suite("SecretServiceStore on a real keyring", .serialized, .timeLimit(.minutes(2)))
struct SecretServiceStoreTests {
    /// Runs the probe with `arguments` on `keyring`'s bus (or with `environment` alone).
    static func probe(_ arguments: [String], on keyring: TestKeyring) throws -> String {
        let probe = try #require(BuiltProduct.path("secret-store-probe"), "secret-store-probe is not built next to the tests")
        return try keyring.run(probe, arguments).output.trimmingCharacters(in: .newlines)
    }

    static func probe(_ arguments: [String], environment: [String: String]) throws -> String {
        let probe = try #require(BuiltProduct.path("secret-store-probe"), "secret-store-probe is not built next to the tests")
        return try ProcessResult.run(probe, arguments, environment: environment).output.trimmingCharacters(in: .newlines)
    }

    @Test("a secret stored is read back by secret-tool lookup, under the app's schema, its attributes and a readable label")
    func roundTripThroughSecretTool() throws {
        let keyring = try TestKeyring.start()
        defer { keyring.stop() }
        let canary = "canary-\(UUID().uuidString)"

        #expect(try Self.probe(["get", "session-token"], on: keyring) == "none")
        #expect(try Self.probe(["set", "session-token", canary], on: keyring) == "ok")
        #expect(try Self.probe(["get", "session-token"], on: keyring) == "secret \(canary)")
        let lookup = try keyring.run("secret-tool", ["lookup", "account", "default", "key", "session-token"])
        #expect(lookup.status == 0)
        #expect(lookup.output == canary)

        let search = try keyring.run("secret-tool", ["search", "--all", "key", "session-token"])
        let item = search.output + search.error  // secret-tool prints the attributes on standard error
        #expect(item.contains("label = Lifeline probe: session-token"))
        #expect(item.contains("schema = org.lifeline.SecretStoreProbe"))
        #expect(item.contains("attribute.account = default"))
        #expect(item.contains("attribute.key = session-token"))
    }

    @Test("setting a key again replaces its one item; removing it leaves none, and removing nothing succeeds")
    func replaceAndRemove() throws {
        let keyring = try TestKeyring.start()
        defer { keyring.stop() }

        #expect(try Self.probe(["set", "k", "first"], on: keyring) == "ok")
        #expect(try Self.probe(["set", "k", "second"], on: keyring) == "ok")
        #expect(try Self.probe(["get", "k"], on: keyring) == "secret second")
        let items = try keyring.run("secret-tool", ["search", "--all", "key", "k"]).output
        #expect(items.components(separatedBy: "label = ").count - 1 == 1, "one item, replaced in place:\n\(items)")

        #expect(try Self.probe(["remove", "k"], on: keyring) == "ok")
        #expect(try Self.probe(["get", "k"], on: keyring) == "none")
        #expect(try keyring.run("secret-tool", ["lookup", "key", "k"]).output.isEmpty)
        #expect(try Self.probe(["remove", "k"], on: keyring) == "ok")
    }

    @Test("the canary is in no file of the keyring's home in plain text: the daemon keeps it encrypted")
    func canaryNotInPlainText() throws {
        let keyring = try TestKeyring.start()
        defer { keyring.stop() }
        let canary = "canary-\(UUID().uuidString)"
        #expect(try Self.probe(["set", "token", canary], on: keyring) == "ok")

        let files = FileManager.default.enumerator(atPath: keyring.home)?.compactMap { $0 as? String } ?? []
        let keyringFiles = files.filter { $0.hasPrefix(".local/share/keyrings/") }
        #expect(!keyringFiles.isEmpty, "the daemon wrote its keyring: \(files)")
        for file in files {
            let contents = FileManager.default.contents(atPath: keyring.home + "/" + file) ?? Data()
            #expect(contents.range(of: Data(canary.utf8)) == nil, "\(file) holds the canary")
        }
    }

    @Test("a locked login keyring fails with locked, and with unlockDismissed when the prompt cannot be shown")
    func lockedCollection() throws {
        let keyring = try TestKeyring.start()
        defer { keyring.stop() }
        #expect(try Self.probe(["set", "k", "v"], on: keyring) == "ok")
        try keyring.lockLoginKeyring()

        #expect(try Self.probe(["get", "k"], on: keyring).hasPrefix("error locked: The keyring collection “Login” is locked"))
        #expect(try Self.probe(["set", "k", "w"], on: keyring).hasPrefix("error locked:"))
        #expect(try Self.probe(["remove", "k"], on: keyring).hasPrefix("error locked:"))
        // The daemon starts its prompter through the bus; with no display it cannot show itself.
        #expect(try Self.probe(["--prompt", "get", "k"], on: keyring).hasPrefix("error unlockDismissed:"))
    }

    @Test("with the bus address pointing at nothing, every operation fails with noSessionBus")
    func noSessionBus() throws {
        let environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"]
        for arguments in [["get", "k"], ["set", "k", "v"], ["remove", "k"]] {
            let reply = try Self.probe(arguments, environment: environment)
            #expect(reply.hasPrefix("error noSessionBus: No D-Bus session bus"), "\(arguments): \(reply)")
        }
    }

    @Test("a bus with no keyring on it fails with noSecretService")
    func noProvider() throws {
        let keyring = try TestKeyring.start(.withoutProvider)
        defer { keyring.stop() }
        #expect(try Self.probe(["get", "k"], on: keyring).hasPrefix("error noSecretService:"))
    }

    @Test("a bus whose policy refuses messages to the keyring fails with denied")
    func refusedByPolicy() throws {
        let keyring = try TestKeyring.start(.refusingSecretService)
        defer { keyring.stop() }
        #expect(try Self.probe(["get", "k"], on: keyring).hasPrefix("error denied:"))
    }

    @Test("the platform store is the Secret Service when a provider answers, else the file store only when opted into, else the error")
    func platformDefaultRule() throws {
        let keyring = try TestKeyring.start()
        defer { keyring.stop() }
        let fallback = keyring.home + "/fallback"
        #expect(try Self.probe(["open", "--fallback", fallback], on: keyring).hasPrefix("store SecretServiceStore(org.lifeline.SecretStoreProbe"))
        #expect(!FileManager.default.fileExists(atPath: fallback), "no file store was created")

        let noBus = ["PATH": "/usr/bin:/bin", "HOME": keyring.home, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"]
        #expect(try Self.probe(["open", "--fallback", fallback], environment: noBus) == "store FileSecretStore(\(fallback)) | a plaintext file readable only by you (\(fallback)/secrets.json)")
        #expect(try Self.probe(["open"], environment: noBus).hasPrefix("error noSessionBus:"))

        let refusing = try TestKeyring.start(.refusingSecretService)
        defer { refusing.stop() }
        let refused = try Self.probe(["open", "--fallback", refusing.home + "/fallback"], on: refusing)
        #expect(refused.hasPrefix("error denied:"), "a refusal is not a reason to write secrets to a file: \(refused)")
    }
}
#endif
