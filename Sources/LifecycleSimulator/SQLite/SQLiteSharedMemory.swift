import CSQLite

/// The WAL index of one database (what the unix VFS maps from its `-shm` file) and its eight
/// locks, in the incarnation's memory: no `-shm` file exists on the simulated disk, and a kill
/// or a power loss drops the index with the incarnation, so the next one rebuilds it from the
/// WAL, as SQLite does whenever it is first to open a database.
///
/// Regions are zero-filled on creation and stay at their address until the last file that
/// mapped them unmaps (or the VFS dies). Owned by ``SimulatedSQLiteVFS``, used under its lock.
final class SQLiteSharedMemory {
    private var regions: [UnsafeMutableRawPointer] = []
    /// The size of every region, set by the first map.
    private var regionSize: Int?
    /// Per lock slot, how many files hold it shared.
    private var sharedCounts = [Int](repeating: 0, count: Int(SQLITE_SHM_NLOCK))
    /// Per lock slot, the file holding it exclusively.
    private var exclusiveHolders = [Int?](repeating: nil, count: Int(SQLITE_SHM_NLOCK))
    /// The slots each file holds, as bit masks.
    private var holdings: [Int: (shared: UInt16, exclusive: UInt16)] = [:]
    /// The files that mapped the index and have not unmapped it.
    private(set) var mappers: Set<Int> = []

    deinit {
        for region in regions { region.deallocate() }
    }

    /// The address of region `index` (`xShmMap`), created — with every region before it — if
    /// `extend`; `nil` if it does not exist and may not be created.
    /// - Returns: `nil` with `SQLITE_IOERR_SHMSIZE` if `size` differs from the first map's.
    func map(_ index: Int, size: Int, extend: Bool, by file: Int) -> (address: UnsafeMutableRawPointer?, code: Int32) {
        if let regionSize, regionSize != size { return (nil, SQLiteVFSResult.sharedMemorySize) }
        regionSize = size
        mappers.insert(file)
        if index < regions.count { return (regions[index], SQLITE_OK) }
        guard extend else { return (nil, SQLITE_OK) }
        while regions.count <= index {
            let region = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            region.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            regions.append(region)
        }
        return (regions[index], SQLITE_OK)
    }

    /// Takes or releases locks `offset..<offset + count` for `file` (`xShmLock`): all or none.
    /// - Returns: `SQLITE_OK`, `SQLITE_BUSY` when another file holds a conflicting lock, or
    ///   `SQLITE_MISUSE` for a range or flags SQLite never passes.
    func lock(offset: Int, count: Int, flags: Int32, by file: Int) -> Int32 {
        guard offset >= 0, count >= 1, offset + count <= Int(SQLITE_SHM_NLOCK) else { return SQLITE_MISUSE }
        let slots = offset..<(offset + count)
        var held = holdings[file] ?? (0, 0)
        defer { holdings[file] = held.shared == 0 && held.exclusive == 0 ? nil : held }
        if flags & SQLITE_SHM_UNLOCK != 0 {
            for slot in slots {
                let bit = UInt16(1) << slot
                if held.exclusive & bit != 0 { exclusiveHolders[slot] = nil }
                if held.shared & bit != 0 { sharedCounts[slot] -= 1 }
                held.shared &= ~bit
                held.exclusive &= ~bit
            }
            return SQLITE_OK
        }
        if flags & SQLITE_SHM_SHARED != 0 {
            for slot in slots where !holds(held, slot) {
                if exclusiveHolders[slot] != nil { return SQLITE_BUSY }
            }
            for slot in slots where !holds(held, slot) {
                sharedCounts[slot] += 1
                held.shared |= UInt16(1) << slot
            }
            return SQLITE_OK
        }
        guard flags & SQLITE_SHM_EXCLUSIVE != 0 else { return SQLITE_MISUSE }
        for slot in slots where held.exclusive & (UInt16(1) << slot) == 0 {
            let ownShared = held.shared & (UInt16(1) << slot) != 0 ? 1 : 0
            if exclusiveHolders[slot] != nil || sharedCounts[slot] - ownShared > 0 { return SQLITE_BUSY }
        }
        for slot in slots {
            exclusiveHolders[slot] = file
            held.exclusive |= UInt16(1) << slot
        }
        return SQLITE_OK
    }

    /// Releases every lock of `file` and forgets it as a mapper (`xShmUnmap`, or its file
    /// closing); returns whether no file maps the index any more.
    func unmap(by file: Int) -> Bool {
        _ = lock(offset: 0, count: Int(SQLITE_SHM_NLOCK), flags: SQLITE_SHM_UNLOCK, by: file)
        mappers.remove(file)
        return mappers.isEmpty
    }

    private func holds(_ held: (shared: UInt16, exclusive: UInt16), _ slot: Int) -> Bool {
        (held.shared | held.exclusive) & (UInt16(1) << slot) != 0
    }
}
