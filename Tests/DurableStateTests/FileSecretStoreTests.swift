import DurableState
import Foundation
import Testing

@Suite("FileSecretStore")
struct FileSecretStoreTests {
    let root = SQLiteTestDirectory()

    var storeDirectory: String { root.file("config/lifeline/secrets") }

    func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int) ?? -1
    }

    @Test func roundTripsAndPersistsAcrossInstances() throws {
        let store = try FileSecretStore.unsafePlaintextFile(at: storeDirectory)
        #expect(try store.secret(for: "api-token") == nil)
        try store.setSecret(Secret("first"), for: "api-token")
        try store.setSecret(Secret("other"), for: "refresh-token")
        try store.setSecret(Secret("second"), for: "api-token")
        #expect(try store.secret(for: "api-token") == Secret("second"))

        let reopened = try FileSecretStore.unsafePlaintextFile(at: storeDirectory)
        #expect(try reopened.secret(for: "api-token") == Secret("second"))
        try reopened.removeSecret(for: "api-token")
        try reopened.removeSecret(for: "never-stored")
        #expect(try store.secret(for: "api-token") == nil)
        #expect(try store.secret(for: "refresh-token") == Secret("other"))
    }

    @Test func createsTheDirectory0700AndTheFile0600() throws {
        let store = try FileSecretStore.unsafePlaintextFile(at: storeDirectory)
        #expect(try mode(storeDirectory) == 0o700)
        try store.setSecret(Secret("value"), for: "key")
        #expect(try mode(store.path) == 0o600)
        try store.setSecret(Secret("value 2"), for: "key")
        #expect(try mode(store.path) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: storeDirectory) == ["secrets.json"])
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o700, 0o666])
    func refusesAFileWithWiderModes(fileMode: Int) throws {
        let store = try FileSecretStore.unsafePlaintextFile(at: storeDirectory)
        try store.setSecret(Secret("value"), for: "key")
        try FileManager.default.setAttributes([.posixPermissions: fileMode], ofItemAtPath: store.path)
        #expect(throws: SecretStoreError.insecurePermissions(path: store.path, mode: UInt16(fileMode))) {
            try store.secret(for: "key")
        }
        #expect(throws: SecretStoreError.insecurePermissions(path: store.path, mode: UInt16(fileMode))) {
            try store.setSecret(Secret("new"), for: "key")
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: store.path)
        #expect(try store.secret(for: "key") == Secret("value"))
    }

    @Test(arguments: [0o755, 0o750, 0o711, 0o777])
    func refusesADirectoryWithWiderModes(directoryMode: Int) throws {
        let store = try FileSecretStore.unsafePlaintextFile(at: storeDirectory)
        try store.setSecret(Secret("value"), for: "key")
        try FileManager.default.setAttributes([.posixPermissions: directoryMode], ofItemAtPath: storeDirectory)
        let refusal = SecretStoreError.insecurePermissions(path: storeDirectory, mode: UInt16(directoryMode))
        #expect(throws: refusal) { try store.secret(for: "key") }
        #expect(throws: refusal) { try FileSecretStore.unsafePlaintextFile(at: storeDirectory) }
    }

    @Test func aNarrowerFileIsAccepted() throws {
        let store = try FileSecretStore.unsafePlaintextFile(at: storeDirectory)
        try store.setSecret(Secret("value"), for: "key")
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: store.path)
        #expect(try store.secret(for: "key") == Secret("value"))
    }

    @Test func aSymbolicLinkIsRefused() throws {
        let store = try FileSecretStore.unsafePlaintextFile(at: storeDirectory)
        let elsewhere = root.file("elsewhere.json")
        #expect(FileManager.default.createFile(atPath: elsewhere, contents: Data("{}".utf8), attributes: [.posixPermissions: 0o600]))
        try FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: elsewhere)
        #expect(throws: SecretStoreError.self) { try store.secret(for: "key") }
    }

    @Test func aCorruptFileIsReportedAndLeftInPlace() throws {
        let store = try FileSecretStore.unsafePlaintextFile(at: storeDirectory)
        let garbage = Data("not json at all".utf8)
        #expect(FileManager.default.createFile(atPath: store.path, contents: garbage, attributes: [.posixPermissions: 0o600]))
        let error = #expect(throws: SecretStoreError.self) { try store.secret(for: "key") }
        guard case .corrupt = error else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
        #expect(throws: SecretStoreError.self) { try store.setSecret(Secret("v"), for: "key") }
        #expect(FileManager.default.contents(atPath: store.path) == garbage)
    }

    @Test func aCanaryAppearsInNoFileButTheSecretsFile() throws {
        let canary = "canary-\(UUID().uuidString)"
        let replaced = "replaced-\(UUID().uuidString)"
        let store = try FileSecretStore.unsafePlaintextFile(at: storeDirectory)
        try store.setSecret(Secret(replaced), for: "token")
        try store.setSecret(Secret(canary), for: "token")
        try store.setSecret(Secret("unrelated"), for: "other")
        _ = try store.secret(for: "token")

        let holders = try filesContaining(canary)
        #expect(holders == [store.path])
        #expect(try filesContaining(replaced).isEmpty)

        try store.removeSecret(for: "token")
        #expect(try filesContaining(canary).isEmpty)
    }

    @Test func descriptionsNeverContainTheSecret() throws {
        let canary = "canary-\(UUID().uuidString)"
        let store = try FileSecretStore.unsafePlaintextFile(at: storeDirectory)
        try store.setSecret(Secret(canary), for: "token")
        let secret = try #require(try store.secret(for: "token"))
        #expect(secret.revealed == canary)
        var dumped = ""
        dump(store, to: &dumped)
        let texts = ["\(secret)", dumped, "\(store)", String(reflecting: store)]
        for text in texts { #expect(!text.contains(canary), "\(text)") }

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.path)
        let error = #expect(throws: SecretStoreError.self) { try store.secret(for: "token") }
        #expect(error.map { "\($0)" }?.contains(canary) == false)
        #expect(error?.localizedDescription.contains(canary) == false)
    }

    /// Every regular file under the test root whose bytes contain `token`.
    private func filesContaining(_ token: String) throws -> [String] {
        let needle = Data(token.utf8)
        var found: [String] = []
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        for case let relative as String in enumerator {
            let path = root.file(relative)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            if let data = FileManager.default.contents(atPath: path), data.range(of: needle) != nil {
                found.append(path)
            }
        }
        return found
    }
}
