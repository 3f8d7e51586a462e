import CampusLibrary
import DurableState
import Foundation

/// Secrets in one file readable by its owner only (`secrets/secrets.json`, 0600, in a 0700
/// directory), the explicit opt-in Linux fallback of DURABILITY.md when no Secret Service is
/// offered. A file whose permissions would expose secrets is refused, not read. Writes are durable
/// replacements. `Sendable`: stateless apart from the file.
struct DataDirectorySecretStore: SecretStore {
    private let directory: String
    private let fileSystem: any FileSystem

    init(directory: String, fileSystem: any FileSystem) {
        self.directory = directory
        self.fileSystem = fileSystem
    }

    private var path: String { directory + "/secrets.json" }
    private var document: JSONDocument<[String: String]> { JSONDocument(path: path, fileSystem: fileSystem) }

    func secret(for key: String) throws(SecretStoreError) -> Secret? {
        try load()[key].map(Secret.init)
    }

    func setSecret(_ secret: Secret, for key: String) throws(SecretStoreError) {
        var secrets = try load()
        secrets[key] = secret.revealed
        try store(secrets)
    }

    func removeSecret(for key: String) throws(SecretStoreError) {
        var secrets = try load()
        guard secrets.removeValue(forKey: key) != nil else { return }
        try store(secrets)
    }

    private func load() throws(SecretStoreError) -> [String: String] {
        guard fileSystem.itemExists(at: path) else { return [:] }
        do {
            let mode = try fileSystem.permissions(at: path)
            guard mode & 0o077 == 0 else { throw SecretStoreError.insecurePermissions(path: path, mode: mode) }
            let directoryMode = try fileSystem.permissions(at: directory)
            guard directoryMode & 0o077 == 0 else {
                throw SecretStoreError.insecurePermissions(path: directory, mode: directoryMode)
            }
            guard let secrets = try document.load() else { throw SecretStoreError.corrupt("secrets.json is unreadable") }
            return secrets
        } catch let error as SecretStoreError {
            throw error
        } catch {
            throw .storage(String(describing: error))
        }
    }

    private func store(_ secrets: [String: String]) throws(SecretStoreError) {
        do {
            try fileSystem.createDirectory(at: directory, permissions: 0o700)
            try document.save(secrets)
        } catch {
            throw .storage(error.description)
        }
    }
}
