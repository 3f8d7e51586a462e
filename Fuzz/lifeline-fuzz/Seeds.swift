import Foundation

/// Writes every harness's seeds into `<directory>/<harness>/<seed>`: what `Fuzz/Corpus` holds.
@MainActor
enum Seeds {
    static func write(to directory: URL) throws {
        for harness in Harnesses.all {
            let folder = directory.appendingPathComponent(harness.name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, data) in try harness.seeds() {
                try data.write(to: folder.appendingPathComponent(name))
            }
        }
    }
}
