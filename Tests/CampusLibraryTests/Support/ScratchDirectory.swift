import Foundation

/// A scratch directory for database files, removed when the test ends.
final class ScratchDirectory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("campus-catalogue-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
