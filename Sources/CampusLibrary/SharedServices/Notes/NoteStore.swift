/// Where notes are kept: the durable note files of the data directory, or memory in tests.
/// Synchronous and main-actor isolated, like the file system seam underneath it.
@MainActor
public protocol NoteStore: AnyObject {
    /// The stored note on `bookID`, or `nil` if there is none.
    /// - Throws: ``NoteStoreError``; nothing changes.
    func note(for bookID: BookID) throws(NoteStoreError) -> Note?
    /// Replaces the note on `note.bookID` durably; when it returns, the note survives a power loss.
    /// - Throws: ``NoteStoreError``; the previous note is still stored.
    func save(_ note: Note) throws(NoteStoreError)
    /// Removes the note on `bookID`; succeeds if there is none.
    /// - Throws: ``NoteStoreError``; the note may still be stored.
    func removeNote(for bookID: BookID) throws(NoteStoreError)
    /// Identifiers of every book with a stored note, sorted.
    func bookIDsWithNotes() throws(NoteStoreError) -> [BookID]
}

/// Why a note could not be read or saved. Never contains the note's text.
public enum NoteStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The storage underneath failed; what is left behind is said by the message.
    case storage(String)

    /// A message for the save indicator and logs.
    public var description: String {
        switch self {
        case .storage(let reason): reason
        }
    }
}
