import CSQLite
import DurableState
import Foundation

/// The VFS's C entry points (`xOpen`, `xDelete`, `xAccess`…): each finds its
/// ``SimulatedSQLiteVFS`` through `pAppData` and never traps; a failure becomes a result code.
extension SimulatedSQLiteVFS {
    /// The `sqlite3_vfs` (version 2: with `xCurrentTimeInt64`, without the system-call hooks).
    static func methods(name: UnsafePointer<CChar>) -> sqlite3_vfs {
        sqlite3_vfs(
            iVersion: 2,
            szOsFile: Int32(SimulatedSQLiteFile.slotSize),
            mxPathname: maximumPathLength,
            pNext: nil,
            zName: name,
            pAppData: nil,
            xOpen: { vfs, name, file, flags, outFlags in
                guard let file else { return SQLITE_MISUSE }
                file.pointee.pMethods = nil
                guard let owner = SimulatedSQLiteVFS.from(vfs) else { return SQLITE_CANTOPEN }
                return owner.open(name.map { String(cString: $0) }, file, flags: flags, outFlags: outFlags)
            },
            xDelete: { vfs, name, syncDirectory in
                guard let owner = SimulatedSQLiteVFS.from(vfs), let name else { return SQLiteVFSResult.delete }
                return owner.delete(String(cString: name), syncingDirectory: syncDirectory != 0)
            },
            xAccess: { vfs, name, flags, result in
                guard let owner = SimulatedSQLiteVFS.from(vfs), let name, let result else { return SQLiteVFSResult.access }
                return owner.access(String(cString: name), flags: flags, result: result)
            },
            xFullPathname: { _, name, capacity, output in
                guard let name, let output, capacity > 0 else { return SQLITE_CANTOPEN }
                return SimulatedSQLiteVFS.fullPathname(String(cString: name), into: output, capacity: Int(capacity))
            },
            xDlOpen: { _, _ in nil },
            xDlError: { _, capacity, output in
                guard let output, capacity > 0 else { return }
                SimulatedSQLiteVFS.copy("the simulated VFS loads no extensions", into: output, capacity: Int(capacity))
            },
            xDlSym: { _, _, _ in nil },
            xDlClose: { _, _ in },
            xRandomness: { vfs, count, output in
                guard let owner = SimulatedSQLiteVFS.from(vfs), let output, count > 0 else { return 0 }
                owner.fillRandomly(output, count: Int(count))
                return count
            },
            // No time passes, real or virtual: SQLite sleeps only waiting for another
            // connection's lock, and the simulator's time moves between steps, not inside one.
            xSleep: { _, microseconds in microseconds },
            xCurrentTime: { vfs, now in
                guard let owner = SimulatedSQLiteVFS.from(vfs), let now else { return SQLITE_ERROR }
                now.pointee = Double(owner.julianMilliseconds) / 86_400_000
                return SQLITE_OK
            },
            xGetLastError: { _, _, _ in 0 },
            xCurrentTimeInt64: { vfs, now in
                guard let owner = SimulatedSQLiteVFS.from(vfs), let now else { return SQLITE_ERROR }
                now.pointee = owner.julianMilliseconds
                return SQLITE_OK
            },
            xSetSystemCall: nil,
            xGetSystemCall: nil,
            xNextSystemCall: nil
        )
    }

    /// `xOpen`: opens (creating if SQLite asks) the file at `name`, or a new temporary file
    /// when `name` is `nil`, and attaches it to SQLite's `file`.
    func open(
        _ name: String?, _ file: UnsafeMutablePointer<sqlite3_file>, flags: Int32, outFlags: UnsafeMutablePointer<Int32>?
    ) -> Int32 {
        let path = name ?? temporaryPath()
        do throws(FileSystemError) {
            if name == nil { try storage.createDirectory(at: Self.temporaryDirectory, permissions: 0o700) }
            try storage.openFile(
                at: path, create: name == nil || flags & SQLITE_OPEN_CREATE != 0,
                exclusive: flags & SQLITE_OPEN_EXCLUSIVE != 0, permissions: 0o600)
        } catch {
            return error.sqliteResultCode(SQLITE_CANTOPEN)
        }
        SimulatedSQLiteFile(vfs: self, path: path, number: nextFileNumber(), flags: flags, isTemporary: name == nil).attach(to: file)
        outFlags?.pointee = flags
        return SQLITE_OK
    }

    /// `xDelete`: removes the file, then syncs its directory if SQLite asks (a journal deleted
    /// at commit under `synchronous = EXTRA`).
    func delete(_ path: String, syncingDirectory: Bool) -> Int32 {
        do throws(FileSystemError) {
            guard try exists(path) else { return SQLiteVFSResult.deleteMissing }
            try storage.removeItem(at: path)
        } catch {
            return error.sqliteResultCode(SQLiteVFSResult.delete)
        }
        guard syncingDirectory else { return SQLITE_OK }
        do throws(FileSystemError) {
            try storage.syncDirectory(at: DiskPath.parent(of: DiskPath.normalized(path)))
        } catch {
            return error.sqliteResultCode(SQLiteVFSResult.directoryFsync)
        }
        return SQLITE_OK
    }

    /// `xAccess`: whether the file exists — for `SQLITE_ACCESS_EXISTS`, as the unix VFS answers,
    /// only if it is not empty (an empty journal is not a hot journal) — or may be read and written.
    func access(_ path: String, flags: Int32, result: UnsafeMutablePointer<Int32>) -> Int32 {
        do throws(FileSystemError) {
            let size = try storage.fileSize(at: path)
            result.pointee = flags == SQLITE_ACCESS_EXISTS && size == 0 ? 0 : 1
        } catch {
            switch error {
            case .notFound: result.pointee = 0
            case .io(_, _, let code) where code == EISDIR: result.pointee = 1
            default: return error.sqliteResultCode(SQLiteVFSResult.access)
            }
        }
        return SQLITE_OK
    }

    /// Whether a file exists at `path` (an empty one included).
    private func exists(_ path: String) throws(FileSystemError) -> Bool {
        do throws(FileSystemError) {
            _ = try storage.fileSize(at: path)
            return true
        } catch {
            if case .notFound = error { return false }
            throw error
        }
    }

    /// `xFullPathname`: the simulated disk has no working directory, so a relative name is
    /// taken from the root.
    static func fullPathname(_ name: String, into output: UnsafeMutablePointer<CChar>, capacity: Int) -> Int32 {
        let path = DiskPath.normalized(name.hasPrefix("/") ? name : "/" + name)
        guard path.utf8.count < capacity else { return SQLITE_CANTOPEN }
        copy(path, into: output, capacity: capacity)
        return SQLITE_OK
    }

    /// Copies `text` and a terminating NUL into `output`, cut to `capacity` bytes in all.
    static func copy(_ text: String, into output: UnsafeMutablePointer<CChar>, capacity: Int) {
        let bytes = Array(text.utf8.prefix(capacity - 1))
        for (index, byte) in bytes.enumerated() { output[index] = CChar(bitPattern: byte) }
        output[bytes.count] = 0
    }
}
