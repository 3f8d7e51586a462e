import DurableState
import Foundation
import Lifecycle

/// Where the text of a note that could not be saved is kept, next to the notes, as plain text a
/// student can open: a paste refused because the note would be over its size limit
/// (`<id>.refused-<time>.txt`, kept until the student deletes it), and the text of a note whose
/// save failed (`<id>.unsaved.txt`, restored into the note at the next launch and removed once
/// the note is saved).
///
/// ```swift
/// let kept = try recovery.keepRefused(pastedText, of: book.id)   // the file's path
/// ```
///
/// Each file is written by DurableState's durable recipe (`DurableFile`, 0600). A value owned by
/// ``NotesRepository`` and handed to each ``NoteDraft``; used on the main actor.
public struct NoteRecovery: Sendable {
    /// The notes directory the files are kept in.
    public let directory: String
    private let fileSystem: any FileSystem

    /// Keeps files in `directory` (the notes directory) on `fileSystem`.
    public init(directory: String, fileSystem: any FileSystem) {
        self.directory = directory
        self.fileSystem = fileSystem
    }

    /// Keeps `text`, refused for the note on `bookID` at `date`, in a file of its own, and
    /// returns its path.
    /// - Throws: `DurableWriteError` when it cannot be written; nothing is kept then.
    public func keepRefused(_ text: String, of bookID: BookID, at date: Date) throws(DurableWriteError) -> String {
        let stamp = Quarantine.timestamp(date)
        var path = FilePaths.join(directory, "\(bookID.rawValue).refused-\(stamp).txt")
        var attempt = 1
        while fileSystem.itemExists(at: path) {
            attempt += 1
            path = FilePaths.join(directory, "\(bookID.rawValue).refused-\(stamp)-\(attempt).txt")
        }
        try DurableFile(fileSystem: fileSystem, path: path).replace(with: Data(text.utf8))
        return path
    }

    /// The kept refused texts of the note on `bookID`, by path, oldest first.
    public func refusedCopies(of bookID: BookID) -> [String] {
        let names = (try? fileSystem.contentsOfDirectory(at: directory)) ?? []
        return names.filter { $0.hasPrefix(bookID.rawValue + ".refused-") && $0.hasSuffix(".txt") }.map { FilePaths.join(directory, $0) }
    }

    /// The path of the unsaved copy of the note on `bookID`.
    public func unsavedPath(of bookID: BookID) -> String {
        FilePaths.join(directory, "\(bookID.rawValue).unsaved.txt")
    }

    /// Keeps `text`, which the note on `bookID` could not save, until ``removeUnsaved(of:)``.
    /// - Throws: `DurableWriteError` when it cannot be written either.
    public func keepUnsaved(_ text: String, of bookID: BookID) throws(DurableWriteError) {
        try DurableFile(fileSystem: fileSystem, path: unsavedPath(of: bookID)).replace(with: Data(text.utf8))
    }

    /// The kept unsaved text of the note on `bookID`, if any (at most `sizeLimit` bytes are read).
    public func unsaved(of bookID: BookID, sizeLimit: Int) -> String? {
        guard let (data, size) = try? fileSystem.readFile(at: unsavedPath(of: bookID), maximumSize: sizeLimit), size <= sizeLimit
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Removes the unsaved copy of the note on `bookID` (it is saved now).
    public func removeUnsaved(of bookID: BookID) {
        try? fileSystem.removeItem(at: unsavedPath(of: bookID))
    }
}
