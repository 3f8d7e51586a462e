import DurableState
import Foundation
import Lifecycle

/// Campus Library's note file (`notes/<book id>.json`): a `DurableValueStorage<String>` with the
/// size limit `NotesRepository` gives it.
enum NoteHarness: Harness {
    static let name = "note"
    static let summary = "a note file (DurableValueStorage<String>, as NotesRepository opens it), then a save and reload"

    static let directory = "/data/notes"
    static let path = directory + "/austen-emma.json"
    static let sizeLimit = 256 * 1024

    static func storage(on fileSystem: any FileSystem) -> DurableValueStorage<String> {
        DurableValueStorage<String>(storage: StorageEnvironment(fileSystem: fileSystem), path: path, sizeLimit: sizeLimit, clock: VirtualClock())
    }

    static func run(_ input: Data) {
        let fileSystem = FuzzDisk.fileSystem(with: StoredFile.bytes(from: input), at: path)
        _ = try? storage(on: fileSystem).loadNow()
        // Whatever was there (a damaged file is set aside), a note saved now reads back.
        let text = "Chapter 3: the letter"
        guard (try? storage(on: fileSystem).saveNow(text)) != nil else { return }
        let reread = try? storage(on: fileSystem).loadNow()
        promise(reread == text, "a saved note reads back as \(String(describing: reread))")
    }

    static func seeds() throws -> [String: Data] {
        func note(_ text: String) throws -> Data {
            try FuzzDisk.file(at: path, in: directory) { try storage(on: $0).saveNow(text) }
        }
        return try StoredFile.seeds([
            "short": try note("Call me Ishmael."),
            "multiline": try note("Chapter 1\n\n\"It is a truth universally acknowledged…\" — Émma, p. 3 📖"),
            "empty": try note(""),
        ])
    }
}
