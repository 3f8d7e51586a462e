import DurableState
import Foundation
import Lifecycle

/// How a window's state is kept in its scene session's restoration payload: DurableState's
/// versioned, checksummed envelope with a size limit, and a validator for what decoding alone
/// cannot check. Books that no longer exist are checked later, against the catalogue, by
/// ``WindowModel``.
extension WindowState {
    /// The schema of window restoration payloads.
    public static let restoration = RestorationSchema<WindowState>(
        version: schemaVersion, default: WindowState(), sizeLimit: 16 * 1024
    ) { state in
        var repaired = state
        var problems: [String] = []
        if repaired.navigation.path.count > maximumPathLength {
            repaired.navigation.path = Array(repaired.navigation.path.prefix(maximumPathLength))
            problems.append("Only the first \(maximumPathLength) screens of this window were restored.")
        }
        if repaired.query.count > maximumQueryLength {
            repaired.query = String(repaired.query.prefix(maximumQueryLength))
            problems.append("The search text was shortened.")
        }
        return problems.isEmpty ? .valid(state) : .repaired(repaired, message: problems.joined(separator: " "))
    }

    /// The longest search text a payload may hold.
    public static let maximumQueryLength = 200
}
