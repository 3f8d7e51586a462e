import Foundation

/// ``FileManaging`` through Foundation itself: `Data.write(to:options:)` and
/// `FileManager.default`, in the platform's directories for the app.
///
/// A value, `Sendable`; made by the app's composition root on a device.
public struct FoundationFiles: FileManaging {
    public let documentsDirectory: URL
    public let applicationSupportDirectory: URL
    public let cachesDirectory: URL

    /// The platform's directories for the app (on Linux, under the user's home directory).
    public init() {
        let manager = FileManager.default
        let home = manager.homeDirectoryForCurrentUser
        documentsDirectory = manager.urls(for: .documentDirectory, in: .userDomainMask).first ?? home.appending(path: "Documents")
        applicationSupportDirectory = manager.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? home.appending(path: "Library/Application Support")
        cachesDirectory = manager.urls(for: .cachesDirectory, in: .userDomainMask).first ?? home.appending(path: "Library/Caches")
    }

    /// The directories under `root`: `root/Documents`, `root/Library/Application Support`,
    /// `root/Library/Caches`, as in an app's container.
    public init(container root: URL) {
        documentsDirectory = root.appending(path: "Documents")
        applicationSupportDirectory = root.appending(path: "Library/Application Support")
        cachesDirectory = root.appending(path: "Library/Caches")
    }

    public func write(_ data: Data, to url: URL, options: Data.WritingOptions) throws {
        try data.write(to: url, options: options)
    }

    public func contents(atPath path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    public func fileExists(atPath path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    public func createDirectory(at url: URL, withIntermediateDirectories: Bool) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: withIntermediateDirectories)
    }

    public func removeItem(at url: URL) throws {
        try FileManager.default.removeItem(at: url)
    }

    public func contentsOfDirectory(atPath path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}
