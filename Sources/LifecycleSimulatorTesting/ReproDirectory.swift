import Foundation

/// Where the testing functions write repro files: `$LIFECYCLE_REPRO_DIR` when set, else
/// `.build/lifecycle-repros/` of the package holding the test (the nearest directory above the
/// test file with a `Package.swift`), else the temporary directory. A namespace.
enum ReproDirectory {
    /// The environment variable that chooses the directory.
    static let variable = "LIFECYCLE_REPRO_DIR"

    /// The directory for a test in the file at `testFilePath`.
    static func url(forTestAt testFilePath: String) -> URL {
        if let chosen = ProcessInfo.processInfo.environment[variable], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen, isDirectory: true)
        }
        if let package = packageRoot(above: testFilePath) {
            return package.appendingPathComponent(".build/lifecycle-repros", isDirectory: true)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-repros", isDirectory: true)
    }

    /// The nearest directory above `path` that holds a `Package.swift`.
    static func packageRoot(above path: String) -> URL? {
        var directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        while directory.path != "/" && !directory.path.isEmpty {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// A file name for the repro of `kind` found in `app` on `seed`: letters, digits and single
    /// dashes (`NotesAndLists-draftSavedOnlyOnBackground-lost-acknowledged-edit-seed-42.json`).
    static func fileName(app: String, kind: String, seed: UInt64) -> String {
        var name = ""
        for scalar in "\(app)-\(kind)-seed-\(seed)".unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9": name.unicodeScalars.append(scalar)
            default: if !name.isEmpty, !name.hasSuffix("-") { name += "-" }
            }
        }
        if name.hasSuffix("-") { name.removeLast() }
        return name + ".json"
    }

    /// `path`, or the path relative to the directory of the test file at `testFilePath`.
    static func resolve(_ path: String, forTestAt testFilePath: String) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: testFilePath).deletingLastPathComponent().appendingPathComponent(path)
    }
}
