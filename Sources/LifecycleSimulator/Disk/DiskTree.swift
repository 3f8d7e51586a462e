import Foundation

/// The state of the disk's namespace and inodes: what a reader would see if the disk stopped
/// here. Paths are the numbers of the disk's ``PathTable`` (the tree does not hold the table:
/// listings and images are given it). A value, `Sendable`; internal to the simulated disk.
struct DiskTree: Sendable {
    struct Inode: Hashable, Sendable {
        var data: Data
        var permissions: UInt16
    }

    /// Directory permissions by path number (the root, number 0, is always there).
    var directories = PathSlots<UInt16>()
    /// Inode numbers by path number: the names.
    var entries = PathSlots<Int>()
    /// Inodes by number.
    var inodes = InodeTable()

    init() {
        directories[0] = 0o755
    }

    init(image: DiskImage, nextInode: inout Int, paths: inout PathTable) {
        self.init()
        for directory in image.directories { directories[paths.number(of: directory)] = 0o755 }
        for (path, file) in image.files.sorted(by: { $0.key < $1.key }) {
            nextInode += 1
            inodes[nextInode] = Inode(data: file.data, permissions: file.permissions)
            entries[paths.number(of: path)] = nextInode
        }
    }

    /// The tree as an image, paths spelled out from `paths`.
    func image(paths: PathTable) -> DiskImage {
        var files: [String: DiskImage.File] = [:]
        var directories: Set<String> = []
        for number in self.directories.slots.indices where self.directories.slots[number] != nil {
            directories.insert(paths.text(of: number))
        }
        for number in entries.slots.indices {
            guard let inode = entries.slots[number] else { continue }
            let node = inodes[inode] ?? Inode(data: Data(), permissions: 0o644)
            files[paths.text(of: number)] = DiskImage.File(data: node.data, permissions: node.permissions)
        }
        return DiskImage(directories: directories, files: files)
    }

    /// Applies a change as the disk would replay it after a crash: a change whose precondition
    /// no longer holds (a rename of a name that never landed) does nothing; `length`, for a data
    /// write, is how many of its bytes land (a torn write). Returns the inode
    /// that lost a name (unlinked, or replaced by a link or a rename), which may now be
    /// unreferenced.
    @discardableResult
    mutating func apply(_ change: DiskChange, truncatedTo length: Int? = nil) -> Int? {
        switch change {
        case let .link(path, inode, permissions):
            if !inodes.contains(inode) { inodes[inode] = Inode(data: Data(), permissions: permissions) }
            let replaced = entries.updateValue(inode, at: path)
            return replaced == inode ? nil : replaced
        case let .write(inode, _, data):
            inodes.replaceData(of: inode, with: length.map { Data(data.prefix($0)) } ?? data, permissionsIfNew: 0o644)
        case let .writeBytes(inode, _, offset, data):
            inodes.writeBytes(length.map { data.prefix($0) } ?? data, of: inode, at: offset, permissionsIfNew: 0o644)
        case let .truncate(inode, _, size):
            inodes.truncate(inode, to: size, permissionsIfNew: 0o644)
        case let .rename(from, to):
            guard let inode = entries.removeValue(at: from) else { return nil }
            let replaced = entries.updateValue(inode, at: to)
            return replaced == inode ? nil : replaced
        case .unlink(let path):
            return entries.removeValue(at: path)
        case let .makeDirectory(path, permissions):
            directories[path] = permissions
        case .removeDirectory(let path):
            directories[path] = nil
        case .syncFile, .syncDirectory:
            break
        }
        return nil
    }

    /// Drops inodes no name refers to.
    ///
    /// Names and inodes are one to one (every link makes a new inode, a rename moves a name), so
    /// a tree with no more inodes than names has no garbage.
    mutating func collectGarbage() {
        var names = 0
        for slot in entries.slots where slot != nil { names += 1 }
        guard inodes.count > names else { return }
        // Marks by inode number (the table's slots).
        var live = [Bool](repeating: false, count: inodes.slotCount)
        for slot in entries.slots {
            if let inode = slot, live.indices.contains(inode) { live[inode] = true }
        }
        inodes.removeAll { !live[$0] }
    }

    /// Drops `inode` if no name refers to it any more: the one inode a rename over an existing
    /// name or an unlink can orphan (every other inode is already referenced).
    mutating func collectGarbage(ifUnreferenced inode: Int?) {
        guard let inode, !entries.contains(inode) else { return }
        inodes[inode] = nil
    }

    /// Names directly inside the directory numbered `directory` (files and directories), sorted.
    func names(in directory: Int, paths: PathTable) -> [String] {
        var names: [String] = []
        for number in directories.slots.indices where number != 0 && directories.slots[number] != nil && paths.parent(of: number) == directory {
            names.append(Self.lastComponent(of: paths.text(of: number)))
        }
        for number in entries.slots.indices where entries.slots[number] != nil && paths.parent(of: number) == directory {
            names.append(Self.lastComponent(of: paths.text(of: number)))
        }
        return names.sorted()
    }

    private static func lastComponent(of path: String) -> String {
        String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
    }
}
