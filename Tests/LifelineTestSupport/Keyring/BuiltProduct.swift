import Foundation

/// Finds executables SwiftPM built next to the test bundle (`swift build --build-tests` builds
/// every product). A namespace.
public enum BuiltProduct {
    /// The path of the executable product `name` in the build products directory, or `nil`.
    public static func path(_ name: String) -> String? {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles + [Bundle.main] where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(directory)
            directory = directory.deletingLastPathComponent()
        }
        return candidates.map { $0.appendingPathComponent(name).path }.first(where: FileManager.default.isExecutableFile(atPath:))
    }
}
