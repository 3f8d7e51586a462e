import DurableState
import Foundation
import Synchronization

/// What the simulator needs of the device's disk: a file system for each process incarnation,
/// the two deaths of DURABILITY.md, and raw access for canary scans and deliberate damage.
///
/// ``SimulatedDisk`` is the device's disk by default (every ``PowerLossPolicy``);
/// ``PlaceholderDisk`` is a smaller one that treats every power loss as "only synced data
/// survives". The simulator wraps each incarnation's file system in its own fenced view, so a
/// disk need not fence anything. Implementations are thread-safe; owned by one simulation run.
public protocol DeviceDisk: AnyObject, Sendable {
    /// The file system a new process incarnation sees.
    func mountFileSystem() -> any FileSystem
    /// The process died: a kill keeps every written byte; a power loss keeps what the policy
    /// leaves of unsynced operations.
    func processDied(_ death: ProcessDeath)
    /// Every file with its contents, sorted by path.
    func allFiles() -> [(path: String, contents: Data)]
    /// The contents of the files at `paths` that exist, as processes read them now, in order.
    func contents(at paths: [String]) -> [(path: String, contents: Data)]
    /// Replaces a file's contents behind the process's back (simulated corruption).
    func damage(path: String, contents: Data)
}

extension SimulatedDisk: DeviceDisk {
    /// A new mount of the disk.
    public func mountFileSystem() -> any FileSystem {
        mount()
    }

    /// A kill changes nothing on disk (the simulator fences the dead incarnation); a power loss
    /// keeps what the policy lets through, drawn from the event's seed.
    public func processDied(_ death: ProcessDeath) {
        guard case let .powerLoss(policy, seed) = death,
              let diskPolicy = DiskCrashPolicy(rawValue: policy.rawValue)
        else { return }
        // A power loss fences incarnations 1…(last mounted), and at least 1: mount once first so
        // that a power loss before any launch does not fence the next launch's mount.
        _ = mount()
        cutPower(policy: diskPolicy, seed: seed)
    }

    /// Every file of the current tree, sorted by path (read under one lock, without building an
    /// image).
    public func allFiles() -> [(path: String, contents: Data)] {
        core.withLock { core in
            var files: [(path: String, contents: Data)] = []
            for number in core.current.entries.slots.indices {
                guard let inode = core.current.entries.slots[number] else { continue }
                files.append((core.paths.text(of: number), core.current.inodes.data(of: inode) ?? Data()))
            }
            return files
        }.sorted { $0.path < $1.path }
    }

    /// The files' contents in the current tree (one lock for all of them).
    public func contents(at paths: [String]) -> [(path: String, contents: Data)] {
        core.withLock { core in
            var files: [(path: String, contents: Data)] = []
            files.reserveCapacity(paths.count)
            for path in paths {
                if let number = core.paths.existingNumber(of: DiskKey(path)), let inode = core.current.entries[number] { files.append((path, core.current.inodes.data(of: inode) ?? Data())) }
            }
            return files
        }
    }

    /// Replaces the file durably, keeping its permissions.
    public func damage(path: String, contents: Data) {
        let permissions = currentImage.files[path]?.permissions ?? 0o600
        tamper(path: path, data: contents, permissions: permissions)
    }
}
