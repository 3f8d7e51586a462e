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
    /// Written straight into the string's storage (no intermediate arrays).
    private func path(_ key: String) -> String {
        let directory = Self.directory.utf8
        return String(unsafeUninitializedCapacity: directory.count + 1 + 2 * key.utf8.count) { buffer in
            var count = 0
            for byte in directory {
                buffer[count] = byte
                count += 1
            }
            buffer[count] = UInt8(ascii: "/")
            count += 1
            for byte in key.utf8 {
                if byte >= 16 {
                    buffer[count] = Self.hexDigit(byte >> 4)
                    count += 1
                }
                buffer[count] = Self.hexDigit(byte & 0xF)
                count += 1
            }
            return count
        }
    }

    /// The lowercase hexadecimal digit of `nibble` (0…15).
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
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
        let temporary = target + ".tmp"
        do {
            try fileSystem.createDirectory(at: Self.directory, permissions: 0o700)
            try fileSystem.writeFile(Data(utf8Of: secret.revealed), to: temporary, permissions: 0o600)
            try fileSystem.syncFile(at: temporary)
            try fileSystem.rename(from: temporary, to: target)
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
