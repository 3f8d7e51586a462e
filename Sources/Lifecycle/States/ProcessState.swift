/// The process-level states that exist outside the scene states.
public enum ProcessState: Sendable, Equatable, CustomStringConvertible {
    /// Before launch, and after termination or a kill.
    case notRunning
    /// Launched and executing (scenes may be in any state).
    case running
    /// In memory, executing nothing. Entered and left with no callback.
    case suspended

    /// The state's name.
    public var description: String {
        switch self {
        case .notRunning: "notRunning"
        case .running: "running"
        case .suspended: "suspended"
        }
    }
}
