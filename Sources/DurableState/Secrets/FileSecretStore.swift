import Foundation
import Synchronization

/// A ``SecretStore`` that keeps secrets **in plain text** in one file readable by its owner only
/// (0600, in a 0700 directory): the Linux fallback when no Secret Service is available.
///
/// ```swift
/// let store = try FileSecretStore.unsafePlaintextFile(at: configDirectory + "/secrets")
/// try store.setSecret(Secret(token), for: "api-token")
/// ```
///
/// Why the `unsafe` spelling: anyone who can read the file as its owner (a backup, another
/// program running as the same user, root) reads the secrets. Like docker's and gh's plaintext
/// credential stores, it is something the app opts into explicitly. Practical advice: prefer
/// the Keychain (`KeychainSecretStore`, compiled on Apple platforms only) wherever it exists.
///
/// The file is `secrets.json` in `directory`. The directory is created 0700 and the file 0600,
/// with `fchmod` after creation so the umask cannot widen or narrow them; every read and write
/// checks both again and refuses with ``SecretStoreError/insecurePermissions(path:mode:)`` if
/// either allows more. A symbolic link in place of the directory or the file, or a FIFO or
/// device in place of the file, is refused (``SecretStoreError/storage(_:)``), never followed;
/// the path's parents are the caller's choice and are followed. Writes replace the whole file durably (temporary file, `fsync`, `rename`,
/// `fsync` of the directory): once `setSecret` returns, the secret survives a power loss.
/// Descriptions show the directory, never a secret.
///
/// `Sendable`: operations are serialized by a `Mutex` within the process; two processes writing
/// the same store at once may lose one write (last one wins, the file is never torn).
public final class FileSecretStore: SecretStore, CustomStringConvertible, CustomReflectable {
    /// The 0700 directory holding the file.
    public let directory: String
    /// The file holding the secrets.
    public let path: String
    private let lock = Mutex(())

    private init(directory: String) {
        self.directory = directory
        self.path = directory + "/" + Self.fileName
    }

    private static let fileName = "secrets.json"

    /// A plaintext store in `directory`, created 0700 if missing.
    ///
    /// - Throws: ``SecretStoreError/insecurePermissions(path:mode:)`` if the directory exists
    ///   with more than 0700; ``SecretStoreError/storage(_:)`` if it cannot be created or is not
    ///   a directory (a symbolic link to one included). Nothing is changed in an existing
    ///   directory.
    public static func unsafePlaintextFile(at directory: String) throws(SecretStoreError) -> FileSecretStore {
        // Lexically only: `standardizingPath` would resolve a link in place of the directory.
        var standardized = directory
        while standardized.count > 1, standardized.hasSuffix("/") { standardized.removeLast() }
        try SecretFile.prepareDirectory(standardized)
        return FileSecretStore(directory: standardized)
    }

    /// The secret stored under `key`, or `nil`.
    /// - Throws: ``SecretStoreError/insecurePermissions(path:mode:)`` if the directory or file
    ///   allows more than its owner; ``SecretStoreError/corrupt(_:)`` if the file cannot be
    ///   decoded (left in place); ``SecretStoreError/storage(_:)`` on I/O errors. Nothing changes.
    public func secret(for key: String) throws(SecretStoreError) -> Secret? {
        try lock.withLock { _ throws(SecretStoreError) in
            try load()[key].map(Secret.init)
        }
    }

    /// Stores `secret` under `key`, durably.
    /// - Throws: ``SecretStoreError``; the file is unchanged (the previous secret is still stored).
    public func setSecret(_ secret: Secret, for key: String) throws(SecretStoreError) {
        try lock.withLock { _ throws(SecretStoreError) in
            var secrets = try load()
            secrets[key] = secret.revealed
            try save(secrets)
        }
    }

    /// Removes the secret under `key`, durably; succeeds if there is none.
    /// - Throws: ``SecretStoreError``; the file is unchanged (the secret may still be stored).
    public func removeSecret(for key: String) throws(SecretStoreError) {
        try lock.withLock { _ throws(SecretStoreError) in
            var secrets = try load()
            guard secrets.removeValue(forKey: key) != nil else { return }
            try save(secrets)
        }
    }

    /// `FileSecretStore(<directory>)`: never a secret.
    public var description: String { "FileSecretStore(\(directory))" }

    /// A mirror with the directory only.
    public var customMirror: Mirror { Mirror(self, children: ["directory": directory]) }

    private func load() throws(SecretStoreError) -> [String: String] {
        let data = try SecretFile.withDirectory(directory) { descriptor throws(SecretStoreError) in
            try SecretFile.read(Self.fileName, in: descriptor, path: path)
        }
        guard let data else { return [:] }
        let contents: Contents
        do {
            contents = try JSONDecoder().decode(Contents.self, from: data)
        } catch {
            throw .corrupt("\(path) is not a secrets file of this library")
        }
        guard contents.format == Contents.currentFormat else {
            throw .corrupt("\(path) has format \(contents.format), this library reads \(Contents.currentFormat)")
        }
        return contents.secrets
    }

    private func save(_ secrets: [String: String]) throws(SecretStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(Contents(format: Contents.currentFormat, secrets: secrets))
        } catch {
            throw .storage("the secrets could not be encoded")
        }
        try SecretFile.withDirectory(directory) { descriptor throws(SecretStoreError) in
            try SecretFile.replace(Self.fileName, in: descriptor, path: path, with: data)
        }
    }

    /// The file's layout: a format number and the secrets by key.
    private struct Contents: Codable {
        static let currentFormat = 1
        var format: Int
        var secrets: [String: String]
    }
}
