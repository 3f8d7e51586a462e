import CSQLite
import DurableState
import Foundation
import Synchronization

/// The file's C entry points (`sqlite3_io_methods`, version 2: with shared memory, without
/// `xFetch`, so SQLite never memory-maps a file) and what each does on the simulated disk.
/// None traps: a failure becomes a result code (see ``FileSystemError/sqliteResultCode(_:)``).
extension SimulatedSQLiteFile {
    static let methods = sqlite3_io_methods(
        iVersion: 2,
        xClose: { file in
            guard let file else { return SQLITE_OK }
            SimulatedSQLiteFile.from(file)?.close()
            SimulatedSQLiteFile.detach(from: file)
            return SQLITE_OK
        },
        xRead: { file, buffer, count, offset in
            SimulatedSQLiteFile.from(file)?.read(into: buffer, count: Int(count), offset: Int(offset)) ?? SQLiteVFSResult.read
        },
        xWrite: { file, buffer, count, offset in
            SimulatedSQLiteFile.from(file)?.write(buffer, count: Int(count), offset: Int(offset)) ?? SQLiteVFSResult.write
        },
        xTruncate: { file, size in
            SimulatedSQLiteFile.from(file)?.truncate(to: Int(size)) ?? SQLiteVFSResult.truncate
        },
        xSync: { file, _ in
            SimulatedSQLiteFile.from(file)?.sync() ?? SQLiteVFSResult.fsync
        },
        xFileSize: { file, size in
            guard let size else { return SQLiteVFSResult.fstat }
            return SimulatedSQLiteFile.from(file)?.size(into: size) ?? SQLiteVFSResult.fstat
        },
        xLock: { file, level in
            SimulatedSQLiteFile.from(file)?.lock(level) ?? SQLiteVFSResult.lock
        },
        xUnlock: { file, level in
            SimulatedSQLiteFile.from(file)?.unlock(level) ?? SQLiteVFSResult.unlock
        },
        xCheckReservedLock: { file, result in
            guard let result else { return SQLiteVFSResult.checkReservedLock }
            return SimulatedSQLiteFile.from(file)?.checkReservedLock(result) ?? SQLiteVFSResult.checkReservedLock
        },
        xFileControl: { file, operation, argument in
            SimulatedSQLiteFile.from(file)?.control(operation, argument) ?? SQLITE_NOTFOUND
        },
        xSectorSize: { _ in Int32(SimulatedDisk.sectorSize) },
        xDeviceCharacteristics: { file in
            SimulatedSQLiteFile.from(file)?.powersafeOverwrite ?? true ? SQLITE_IOCAP_POWERSAFE_OVERWRITE : 0
        },
        xShmMap: { file, region, size, extend, address in
            guard let address else { return SQLiteVFSResult.sharedMemoryMap }
            return SimulatedSQLiteFile.from(file)?.mapSharedMemory(Int(region), size: Int(size), extend: extend != 0, into: address)
                ?? SQLiteVFSResult.sharedMemoryMap
        },
        xShmLock: { file, offset, count, flags in
            SimulatedSQLiteFile.from(file)?.lockSharedMemory(offset: Int(offset), count: Int(count), flags: flags)
                ?? SQLiteVFSResult.sharedMemoryLock
        },
        xShmBarrier: { file in
            SimulatedSQLiteFile.from(file)?.vfs.state.withLock { _ in }
        },
        xShmUnmap: { file, _ in
            SimulatedSQLiteFile.from(file)?.unmapSharedMemory()
            return SQLITE_OK
        },
        xFetch: nil,
        xUnfetch: nil
    )

    /// `xClose`: drops the file's locks and its map of the WAL index, and removes it if it
    /// deletes on close. Never fails (SQLite cannot retry a close).
    func close() {
        vfs.state.withLock { state in
            if lockLevel > SQLITE_LOCK_NONE {
                lockLevel = state.locks.unlock(path, file: number, from: lockLevel, to: SQLITE_LOCK_NONE)
            }
            if mapsSharedMemory, let memory = state.sharedMemory[path], memory.unmap(by: number) {
                state.sharedMemory[path] = nil
            }
            mapsSharedMemory = false
        }
        if deletesOnClose { try? storage.removeItem(at: path) }
    }

    /// `xRead`: `count` bytes at `offset`; past the end of the file the rest is zero-filled and
    /// the read is short (`SQLITE_IOERR_SHORT_READ`), as SQLite requires.
    func read(into buffer: UnsafeMutableRawPointer?, count: Int, offset: Int) -> Int32 {
        guard let buffer, count >= 0, offset >= 0 else { return SQLiteVFSResult.read }
        do throws(FileSystemError) {
            let read = try storage.readBytes(at: path, offset: offset, into: UnsafeMutableRawBufferPointer(start: buffer, count: count))
            guard read < count else { return SQLITE_OK }
            (buffer + read).initializeMemory(as: UInt8.self, repeating: 0, count: count - read)
            return SQLiteVFSResult.shortRead
        } catch {
            return error.sqliteResultCode(SQLiteVFSResult.read)
        }
    }

    /// `xWrite`: pending on the disk until the file is synced.
    func write(_ buffer: UnsafeRawPointer?, count: Int, offset: Int) -> Int32 {
        guard let buffer, count >= 0, offset >= 0 else { return SQLiteVFSResult.write }
        do throws(FileSystemError) {
            try storage.writeBytes(Data(bytes: buffer, count: count), at: path, offset: offset)
        } catch {
            return error.sqliteResultCode(SQLiteVFSResult.write)
        }
        vfs.countChange(of: database)
        return SQLITE_OK
    }

    /// `xTruncate`: pending on the disk until the file is synced.
    func truncate(to size: Int) -> Int32 {
        guard size >= 0 else { return SQLiteVFSResult.truncate }
        do throws(FileSystemError) {
            try storage.truncateFile(at: path, to: size)
        } catch {
            return error.sqliteResultCode(SQLiteVFSResult.truncate)
        }
        vfs.countChange(of: database)
        return SQLITE_OK
    }

    /// `xSync`: a barrier — the file's writes so far become durable — then, the first time for
    /// a new journal or WAL, its directory's sync (see ``syncsDirectory``).
    func sync() -> Int32 {
        do throws(FileSystemError) {
            try storage.syncFile(at: path)
        } catch {
            return error.sqliteResultCode(SQLiteVFSResult.fsync)
        }
        guard syncsDirectory else { return SQLITE_OK }
        do throws(FileSystemError) {
            try storage.syncDirectory(at: DiskPath.parent(of: path))
        } catch {
            return error.sqliteResultCode(SQLiteVFSResult.directoryFsync)
        }
        syncsDirectory = false
        return SQLITE_OK
    }

    /// `xFileSize`.
    func size(into size: UnsafeMutablePointer<sqlite3_int64>) -> Int32 {
        do throws(FileSystemError) {
            size.pointee = sqlite3_int64(try storage.fileSize(at: path))
            return SQLITE_OK
        } catch {
            return error.sqliteResultCode(SQLiteVFSResult.fstat)
        }
    }

    /// `xLock`: raises the file's lock in the incarnation's lock table.
    func lock(_ level: Int32) -> Int32 {
        do throws(FileSystemError) {
            try storage.checkAlive(path)
        } catch {
            return error.sqliteResultCode(SQLiteVFSResult.lock)
        }
        return vfs.state.withLock { state in
            let (code, held) = state.locks.lock(path, file: number, from: lockLevel, to: level)
            lockLevel = held
            return code
        }
    }

    /// `xUnlock`: lowers the file's lock (also for a dead incarnation, which then gets
    /// `SQLITE_IOERR`).
    func unlock(_ level: Int32) -> Int32 {
        vfs.state.withLock { state in
            lockLevel = state.locks.unlock(path, file: number, from: lockLevel, to: level)
        }
        do throws(FileSystemError) {
            try storage.checkAlive(path)
        } catch {
            return error.sqliteResultCode(SQLiteVFSResult.unlock)
        }
        return SQLITE_OK
    }

    /// `xCheckReservedLock`: whether any file of the incarnation holds `RESERVED` or more.
    func checkReservedLock(_ result: UnsafeMutablePointer<Int32>) -> Int32 {
        do throws(FileSystemError) {
            try storage.checkAlive(path)
        } catch {
            return error.sqliteResultCode(SQLiteVFSResult.checkReservedLock)
        }
        result.pointee = vfs.state.withLock { $0.locks.isReserved(path) } ? 1 : 0
        return SQLITE_OK
    }

    /// `xShmMap`: region `region` of the database's WAL index, in the incarnation's memory.
    func mapSharedMemory(_ region: Int, size: Int, extend: Bool, into address: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32 {
        address.pointee = nil
        do throws(FileSystemError) {
            try storage.checkAlive(path)
        } catch {
            return error.sqliteResultCode(SQLiteVFSResult.sharedMemoryMap)
        }
        guard region >= 0, size > 0 else { return SQLiteVFSResult.sharedMemoryMap }
        // The address leaves the lock as a number: a pointer into the VFS's state cannot be
        // sent out of its mutex (SQLite reads and writes the region under the WAL-index locks).
        let (mapped, code) = vfs.state.withLock { state in
            let memory = state.sharedMemory[path] ?? SQLiteSharedMemory()
            state.sharedMemory[path] = memory
            let (mapped, code) = memory.map(region, size: size, extend: extend, by: number)
            mapsSharedMemory = true
            return (UInt(bitPattern: mapped), code)
        }
        address.pointee = UnsafeMutableRawPointer(bitPattern: mapped)
        return code
    }

    /// `xShmLock`: takes or releases WAL-index locks (a dead incarnation's releases still
    /// happen, and get `SQLITE_IOERR`, as ``unlock(_:)``'s do).
    func lockSharedMemory(offset: Int, count: Int, flags: Int32) -> Int32 {
        var refusal: Int32?
        do throws(FileSystemError) {
            try storage.checkAlive(path)
        } catch {
            refusal = error.sqliteResultCode(SQLiteVFSResult.sharedMemoryLock)
            if flags & SQLITE_SHM_UNLOCK == 0 { return refusal ?? SQLITE_IOERR }
        }
        let code = vfs.state.withLock { state in
            guard let memory = state.sharedMemory[path] else { return SQLiteVFSResult.sharedMemoryLock }
            return memory.lock(offset: offset, count: count, flags: flags, by: number)
        }
        return refusal ?? code
    }

    /// `xShmUnmap`: drops the file's map and locks; the index goes when no file maps it. There
    /// is no `-shm` file to delete.
    func unmapSharedMemory() {
        vfs.state.withLock { state in
            if let memory = state.sharedMemory[path], memory.unmap(by: number) { state.sharedMemory[path] = nil }
            mapsSharedMemory = false
        }
    }
}
