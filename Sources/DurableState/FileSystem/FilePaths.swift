/// Path arithmetic for the absolute, slash-separated paths that ``FileSystem`` takes.
///
/// Pure functions on strings, `Sendable`; no file-system access.
public enum FilePaths {
    /// The directory that contains `path` (`/` for a top-level item).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    /// The last component of `path`.
    public static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `name` inside `directory`.
    public static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// A file name made from `text` that contains only letters, digits, `-`, `_` and `.` and does
    /// not start with a dot: other characters become `_`, so an identifier from outside cannot
    /// reach another directory.
    public static func safeName(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let allowed = scalar.properties.isAlphabetic && scalar.isASCII || ("0"..."9").contains(scalar)
                || scalar == "-" || scalar == "_" || scalar == "."
            result.unicodeScalars.append(allowed ? scalar : "_")
        }
        if result.isEmpty || result.hasPrefix(".") { result = "_" + result }
        return result
    }
}
