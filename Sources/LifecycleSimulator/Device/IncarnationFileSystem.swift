import DurableState
import Foundation
import Lifecycle

/// The file system one process incarnation sees: every call goes to the device's disk until the
/// incarnation dies, then is refused with `FileSystemError.fenced(_:)`. Writes are counted
/// (the crash points of ``SimulationEvent/crashDuringNextStep(atOperation:death:)``), traced and
/// refused if they come off the main thread (work the simulator does not control).
///
/// Created by the simulator for each incarnation and handed to the app through its
/// ``SimulationEnvironment``; `Sendable`.
struct IncarnationFileSystem: FileSystem {
    let base: any FileSystem
    let context: RunContext
    let incarnation: Int

    private func admit(
        _ operation: String, _ path: String, bytes: Int? = nil, target: String? = nil, mutating: Bool
    ) throws(FileSystemError) {
        guard MainQueue.isCurrent else {
            context.offMainAccesses.append("storage \(bytes.map { "\(operation) \($0)B" } ?? operation) \(path) from another thread")
            throw .fenced(path)
        }
        let isolated: @MainActor (RunContext, String, Int?, String, String, Bool, Int) -> Bool = {
            $0.admitStorage($1, bytes: $2, path: $3, target: $4, mutating: $5, incarnation: $6)
        }
        // Safe because: we are on the main queue (checked above), where the main actor's work
        // runs; this is `MainActor.assumeIsolated` without a closure context allocated per call
        // (the closure captures nothing; every storage call of the app comes through here).
        let admission = unsafeBitCast(isolated, to: ((RunContext, String, Int?, String, String, Bool, Int) -> Bool).self)
        guard admission(context, operation, bytes, path, target ?? path, mutating, incarnation) else { throw .fenced(path) }
    }

    func readFile(at path: String) throws(FileSystemError) -> Data {
        try admit("read", path, mutating: false)
        return try base.readFile(at: path)
    }

    func itemExists(at path: String) -> Bool {
        do { try admit("stat", path, mutating: false) } catch { return false }
        return base.itemExists(at: path)
    }

    func createDirectory(at path: String, permissions: UInt16) throws(FileSystemError) {
        if base.itemExists(at: path) {
            try admit("stat", path, mutating: false)
            return
        }
        try admit("mkdir", path, mutating: true)
        try base.createDirectory(at: path, permissions: permissions)
    }

    func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] {
        try admit("list", path, mutating: false)
        return try base.contentsOfDirectory(at: path)
    }

    func removeItem(at path: String) throws(FileSystemError) {
        try admit("remove", path, mutating: true)
        try base.removeItem(at: path)
    }

    func rename(from source: String, to destination: String) throws(FileSystemError) {
        try admit("rename", "\(source) -> \(destination)", target: destination, mutating: true)
        try base.rename(from: source, to: destination)
    }

    func writeFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        try admit("write", path, bytes: data.count, mutating: true)
        try base.writeFile(data, to: path, permissions: permissions)
    }

    func syncFile(at path: String) throws(FileSystemError) {
        try admit("fsync", path, mutating: true)
        try base.syncFile(at: path)
    }

    func syncDirectory(at path: String) throws(FileSystemError) {
        try admit("fsync dir", path, mutating: true)
        try base.syncDirectory(at: path)
    }

    func permissions(at path: String) throws(FileSystemError) -> UInt16 {
        try admit("stat", path, mutating: false)
        return try base.permissions(at: path)
    }
}
