import DurableState
import Foundation

/// What the simulator needs of the device's disk: a file system for the running process, the
/// two deaths of DURABILITY.md, and raw access for canary scans and deliberate damage.
///
/// The simulator wraps ``fileSystem`` in a fenced view per incarnation, so a disk needs no
/// notion of processes. Implementations are thread-safe; owned by one simulation run.
public protocol DeviceDisk: AnyObject, Sendable {
    /// The disk as a running process sees it (written data, synced or not).
    var fileSystem: any FileSystem { get }
    /// The process died: a kill keeps every written byte; a power loss keeps what the policy
    /// leaves of unsynced operations.
    func processDied(_ death: ProcessDeath)
    /// Every file with its contents, sorted by path.
    func allFiles() -> [(path: String, contents: Data)]
    /// Replaces a file's contents behind the process's back (simulated corruption).
    func damage(path: String, contents: Data)
}
