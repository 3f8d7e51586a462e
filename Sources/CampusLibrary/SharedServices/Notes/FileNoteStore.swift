import DurableState
import Foundation

/// Notes as one small JSON document per book (`notes/<book id>.json`), each replaced durably, so
/// that launching never reads more than the notes on screen, however many exist.
///
/// Created by the composition root (application lifetime); lives on the main actor. Goes through
/// the injected `FileSystem` only.
@MainActor
public final class FileNoteStore: NoteStore {
    private let directory: String
    private let fileSystem: any FileSystem

    /// Keeps notes in `directory` (absolute) on `fileSystem`.
    public init(directory: String, fileSystem: any FileSystem) {
        self.directory = directory
        self.fileSystem = fileSystem
    }

    public func note(for bookID: BookID) throws(NoteStoreError) -> Note? {
        do {
            return try document(for: bookID).load()
        } catch {
            throw .storage(error.description)
        }
    }

    public func save(_ note: Note) throws(NoteStoreError) {
        do {
            try document(for: note.bookID).save(note)
        } catch {
            throw .storage(error.description)
        }
    }

    public func removeNote(for bookID: BookID) throws(NoteStoreError) {
        do {
            try document(for: bookID).remove()
        } catch {
            throw .storage(error.description)
        }
    }

    public func bookIDsWithNotes() throws(NoteStoreError) -> [BookID] {
        guard fileSystem.itemExists(at: directory) else { return [] }
        do {
            return try fileSystem.contentsOfDirectory(at: directory)
                .filter { $0.hasSuffix(".json") }
                .compactMap { BookID(String($0.dropLast(5))) }
                .sorted()
        } catch {
            throw .storage(error.description)
        }
    }

    private func document(for bookID: BookID) -> JSONDocument<Note> {
        JSONDocument(path: "\(directory)/\(bookID.rawValue).json", fileSystem: fileSystem)
    }
}
