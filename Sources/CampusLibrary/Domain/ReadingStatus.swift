/// Where a book on the student's reading list stands. Stored by its raw value. A `Sendable` value.
public enum ReadingStatus: String, CaseIterable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// Put on the list, not started.
    case toRead = "to-read"
    /// Being read.
    case reading
    /// Read to the end.
    case finished

    /// The status after this one, as the reading list screen steps through them (finished
    /// goes back to to read: a book read again).
    public var next: ReadingStatus {
        switch self {
        case .toRead: .reading
        case .reading: .finished
        case .finished: .toRead
        }
    }

    /// How the screens name it.
    public var description: String {
        switch self {
        case .toRead: "to read"
        case .reading: "reading"
        case .finished: "finished"
        }
    }
}
