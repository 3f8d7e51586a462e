import DurableState
import Foundation
import LifelineHistory

/// The note storage of the ``CampusBug/noteWrittenInPlace`` bug: the note's JSON written over its
/// own file, then synced — the shortcut past the durable replace recipe that a power loss during
/// the write turns into a torn file, read back as no note at all. Never used unless the bug is
/// planted. Owned by the note's draft; lives on the main actor.
@MainActor
final class InPlaceNoteStorage: ValueStorage {
    private let fileSystem: any FileSystem
    private let path: String
    /// The history of the storage the note is kept in.
    let storageHistory: (any StorageHistory)?

    init(storage: StorageEnvironment, path: String) {
        self.fileSystem = storage.fileSystem
        self.storageHistory = storage.history
        self.path = path
    }

    func load() async throws(ValueStorageError) -> String? {
        guard let data = try? fileSystem.readFile(at: path) else { return nil }
        return try? JSONDecoder().decode(String.self, from: data)
    }

    func save(_ value: String) async throws(ValueStorageError) {
        let directory = FilePaths.directory(of: path)
        do {
            if !fileSystem.itemExists(at: directory) { try fileSystem.createDirectory(at: directory, permissions: 0o700) }
            try fileSystem.writeFile((try? JSONEncoder().encode(value)) ?? Data(), to: path, permissions: 0o600)
            try fileSystem.syncFile(at: path)
        } catch {
            throw .store(.write(DurableWriteError(step: .writeTemporary, path: path, cause: error)))
        }
    }
}
