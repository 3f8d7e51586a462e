#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A POSIX signal ``ProcessHost`` maps to the lifecycle, with what it means.
///
/// | signal | meaning under ``ProcessHost`` |
/// |---|---|
/// | `SIGTSTP` | the user leaves the app: resign active, background, then the process really stops |
/// | `SIGCONT` | the user comes back: resume, foreground, active |
/// | `SIGTERM`, `SIGINT`, `SIGQUIT` | the system or the user (Ctrl-C, Ctrl-\\) ends the running app: background, `willTerminate`, exit |
/// | `SIGHUP` | the terminal is gone: scenes disconnect, `willTerminate`, exit |
/// | `SIGUSR1` | a memory warning |
/// | `SIGWINCH` | the terminal was resized: redraw |
///
/// A `Sendable` value with no owner.
public enum ProcessSignal: CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// `SIGTSTP`: terminal stop (Ctrl-Z).
    case terminalStop
    /// `SIGCONT`: continue after a stop (`fg`, `bg`, `kill -CONT`).
    case `continue`
    /// `SIGTERM`: polite termination request.
    case terminate
    /// `SIGINT`: interrupt (Ctrl-C).
    case interrupt
    /// `SIGQUIT`: quit (Ctrl-\\). Ended through the lifecycle like `SIGTERM`, so what the user typed
    /// is saved; no core dump.
    case quit
    /// `SIGHUP`: the controlling terminal hung up.
    case hangUp
    /// `SIGUSR1`: simulated memory warning.
    case userDefined1
    /// `SIGWINCH`: the terminal window changed size.
    case windowChange

    /// The platform's signal number.
    public var number: Int32 {
        switch self {
        case .terminalStop: SIGTSTP
        case .continue: SIGCONT
        case .terminate: SIGTERM
        case .interrupt: SIGINT
        case .quit: SIGQUIT
        case .hangUp: SIGHUP
        case .userDefined1: SIGUSR1
        case .windowChange: SIGWINCH
        }
    }

    /// The conventional name, such as `SIGTSTP`.
    public var description: String {
        switch self {
        case .terminalStop: "SIGTSTP"
        case .continue: "SIGCONT"
        case .terminate: "SIGTERM"
        case .interrupt: "SIGINT"
        case .quit: "SIGQUIT"
        case .hangUp: "SIGHUP"
        case .userDefined1: "SIGUSR1"
        case .windowChange: "SIGWINCH"
        }
    }
}
