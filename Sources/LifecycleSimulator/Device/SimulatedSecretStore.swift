import DurableState
import Foundation

/// The device's keychain: secrets stored one file per key under ``directory`` on the simulated
/// disk, written with the durable replace recipe, so kills and power loss apply to them too.
/// The canary scan skips this directory and only this one.
///
/// Created per incarnation on its fenced file system; `Sendable`.
public struct SimulatedSecretStore: SecretStore {
    /// Where the keychain lives on the simulated disk.
    public static let directory = "/Keychain"

    private let fileSystem: any FileSystem

    /// Creates the store of one incarnation.
    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// `/Keychain/` and each UTF-8 byte of `key` in lowercase hex without padding (`a` for 0x0a).
    private func path(_ key: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes = Array(Self.directory.utf8)
        bytes.append(UInt8(ascii: "/"))
        for byte in key.utf8 {
            if byte >= 16 { bytes.append(digits[Int(byte >> 4)]) }
            bytes.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public func secret(for key: String) throws(SecretStoreError) -> Secret? {
        do {
            let data = try fileSystem.readFile(at: path(key))
            guard let text = String(data: data, encoding: .utf8) else { throw SecretStoreError.corrupt("not UTF-8") }
            return Secret(text)
        } catch let error as FileSystemError {
            if case .notFound = error { return nil }
            throw .storage(error.description)
        } catch let error as SecretStoreError {
            throw error
        } catch {
            throw .storage("\(error)")
        }
    }

    public func setSecret(_ secret: Secret, for key: String) throws(SecretStoreError) {
        let target = path(key)
        do {
            try fileSystem.createDirectory(at: Self.directory, permissions: 0o700)
            try fileSystem.writeFile(Data(utf8Of: secret.revealed), to: target + ".tmp", permissions: 0o600)
            try fileSystem.syncFile(at: target + ".tmp")
            try fileSystem.rename(from: target + ".tmp", to: target)
            try fileSystem.syncDirectory(at: Self.directory)
        } catch {
            throw .storage(error.description)
        }
    }

    public func removeSecret(for key: String) throws(SecretStoreError) {
        do {
            try fileSystem.removeItem(at: path(key))
            try fileSystem.syncDirectory(at: Self.directory)
        } catch {
            throw .storage(error.description)
        }
    }
}
