import Dispatch

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Enforces the termination grace period even when the main actor is blocked (an app stuck in
/// `willTerminate`): once armed, a timer on a global queue gives the terminal back and ends the
/// process with `_exit` if it is still alive at the deadline. The normal path exits earlier, so the
/// timer never needs cancelling. Process-wide; no instances.
enum TerminationWatchdog {
    /// The exit status used when the watchdog ends the process.
    static let overrunStatus: Int32 = 1

    /// Arms the watchdog to fire `delay` from now.
    static func arm(after delay: Duration) {
        let (seconds, attoseconds) = delay.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
            EmergencyTerminalRestore.restoreNow()
            let message = Array("ProcessHost: termination overran its grace period; exiting.\n".utf8)
            message.withUnsafeBytes { buffer in
                if let base = buffer.baseAddress { _ = write(STDERR_FILENO, base, buffer.count) }
            }
            _exit(overrunStatus)
        }
    }
}
