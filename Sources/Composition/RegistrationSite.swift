/// Where a registration was made in source: shown by reports and duplicate-registration problems.
/// A `Sendable` value.
public struct RegistrationSite: Hashable, Sendable, CustomStringConvertible {
    /// The file, as `#fileID` gives it (`CampusLibrary/AppComposition.swift`).
    public let fileID: String
    /// The line of the `register` call.
    public let line: Int

    /// Creates a site.
    public init(fileID: String, line: Int) {
        self.fileID = fileID
        self.line = line
    }

    /// `fileID:line`.
    public var description: String { "\(fileID):\(line)" }
}
