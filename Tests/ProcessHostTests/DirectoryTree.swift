import Foundation

/// The files below a directory with their bytes and modes, for comparing layouts. A value.
struct DirectoryTree: Equatable {
    var files: [String: Data] = [:]
    var modes: [String: Int] = [:]

    /// The tree at `root`, or `nil` if there is no directory there; names in `ignoring` are left out.
    init?(_ root: String, ignoring: Set<String> = []) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue,
              let enumerator = FileManager.default.enumerator(atPath: root)
        else { return nil }
        for case let path as String in enumerator {
            guard !ignoring.contains((path as NSString).lastPathComponent) else { continue }
            let full = root + "/" + path
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[path] = FileManager.default.contents(atPath: full)
            modes[path] = (try? FileManager.default.attributesOfItem(atPath: full)[.posixPermissions] as? Int) ?? -1
        }
    }

    init(files: [String: Data], modes: [String: Int]) {
        self.files = files
        self.modes = modes
    }

    /// The files whose top-level entry's name satisfies `include`.
    func filter(_ include: (String) -> Bool) -> DirectoryTree {
        let kept = files.filter { include(String($0.key.split(separator: "/")[0])) }
        return DirectoryTree(files: kept, modes: modes.filter { kept[$0.key] != nil })
    }

    /// Writes `files` below `root` with mode 0600 for names ending in `.secret`, 0644 otherwise.
    static func write(_ files: [String: String], below root: String) throws {
        for (path, contents) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try contents.write(toFile: full, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: path.hasSuffix(".secret") ? 0o600 : 0o644], ofItemAtPath: full)
        }
    }
}
