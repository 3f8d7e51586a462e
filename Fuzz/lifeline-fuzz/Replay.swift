import Foundation

/// Inputs to replay in the normal build: files, and the files directly inside directories.
enum Replay {
    static func inputs(in paths: [URL]) -> [(url: URL, data: Data)] {
        var inputs: [(url: URL, data: Data)] = []
        for path in paths {
            let contents = try? FileManager.default.contentsOfDirectory(at: path, includingPropertiesForKeys: nil)
            for file in (contents ?? [path]).sorted(by: { $0.path < $1.path }) {
                guard let data = try? Data(contentsOf: file) else { continue }
                inputs.append((file, data))
            }
        }
        return inputs
    }
}
