import Foundation

/// What a disk holds at one moment, as a reader sees it: directories and files with their bytes.
///
/// Power-loss states are compared as images (two orders of operations that leave the same files
/// are one state). A value, `Sendable`, `Hashable`.
public struct DiskImage: Hashable, Sendable, CustomStringConvertible {
    /// One file's contents and permission bits.
    public struct File: Hashable, Sendable {
        /// The bytes.
        public var data: Data
        /// POSIX permission bits.
        public var permissions: UInt16

        /// Creates a file.
        public init(data: Data, permissions: UInt16 = 0o644) {
            self.data = data
            self.permissions = permissions
        }
    }

    /// Absolute paths of directories (always including `/`).
    public var directories: Set<String>
    /// Files by absolute path.
    public var files: [String: File]

    /// An image with only the root directory, or with the given contents (parents of every file
    /// are added as directories).
    public init(directories: Set<String> = [], files: [String: File] = [:]) {
        var all = directories.union(["/"])
        for path in Array(directories) + Array(files.keys) {
            var parent = DiskPath.parent(of: path)
            while !all.contains(parent) {
                all.insert(parent)
                parent = DiskPath.parent(of: parent)
            }
        }
        self.directories = all
        self.files = files
    }

    /// What a fresh simulated disk holds once `build` has written to it through its file system
    /// (SQLite included): a device image for ``SimulatedApp/initialDisk``, such as the cache an
    /// earlier launch built. Build it once per process (a `static let`).
    /// - Throws: what `build` throws.
    public static func built(_ build: (SimulatedFileSystem) throws -> Void) rethrows -> DiskImage {
        let disk = SimulatedDisk()
        try build(disk.mount())
        var image = disk.currentImage
        // Each file's bytes copied here, where the caller's frames are on the stack: the disk's
        // buffers were allocated inside SQLite's calls, whose frames a leak checker's fast
        // unwinder cannot walk, so an image kept in a static could not be told from a leak.
        for (path, file) in image.files {
            image.files[path]?.data = file.data.withUnsafeBytes { Data($0) }
        }
        return image
    }

    /// The bytes of the file at `path`, if there is one.
    public func data(at path: String) -> Data? {
        files[path]?.data
    }

    /// Paths of the files directly inside `directory`, sorted.
    public func files(in directory: String) -> [String] {
        files.keys.filter { DiskPath.parent(of: $0) == directory }.sorted()
    }

    public var description: String {
        let lines = files.keys.sorted().map { "\($0) (\(files[$0]?.data.count ?? 0) bytes)" }
        return "DiskImage[" + lines.joined(separator: ", ") + "]"
    }
}

/// Path arithmetic for the simulated disk (absolute, slash-separated paths).
enum DiskPath {
    static func parent(of path: String) -> String {
        guard let length = parentLength(of: path) else { return "/" }
        let utf8 = path.utf8
        return String(path[..<utf8.index(utf8.startIndex, offsetBy: length)])
    }

    /// The byte count of the parent of `path` (everything before its last slash), or `nil` when
    /// the parent is the root (no slash, or only the leading one). Scans the bytes directly.
    static func parentLength(of path: String) -> Int? {
        withBytes(of: path, parentLength(of:))
    }

    /// ``parentLength(of:)`` of a path's UTF-8 bytes.
    static func parentLength(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = bytes.count - 1
        while index > 0 {
            if bytes[index] == UInt8(ascii: "/") { return index }
            index -= 1
        }
        return nil
    }

    /// Runs `body` on the UTF-8 bytes of `text`: in place for a native string (no copy, no
    /// retain), through a copy otherwise.
    static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// Whether `path` is `directory` or inside it (both normalized; `/` holds every path).
    static func isInside(_ path: String, _ directory: String) -> Bool {
        guard directory != "/" else { return true }
        guard path.hasPrefix(directory) else { return false }
        let rest = path.utf8.dropFirst(directory.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: "/")
    }

    static func normalized(_ path: String) -> String {
        if isNormalized(path) { return path }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return "/" + parts.joined(separator: "/")
    }

    /// Whether `path` is already what ``normalized(_:)`` returns: it starts with a slash, has no
    /// empty component and no trailing slash (the root excepted). One pass over the bytes.
    static func isNormalized(_ path: String) -> Bool {
        withBytes(of: path) { bytes in
            let slash = UInt8(ascii: "/")
            guard bytes.count > 1 else { return bytes.count == 1 && bytes[0] == slash }
            guard bytes[0] == slash, bytes[bytes.count - 1] != slash else { return false }
            var index = 0
            while index < bytes.count - 1 {
                if bytes[index] == slash, bytes[index + 1] == slash { return false }
                index += 1
            }
            return true
        }
    }
}
