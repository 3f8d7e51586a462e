import Foundation
import Synchronization

extension LifecycleCheck {
    /// What a run of the command printed and returned.
    package struct Transcript: Sendable {
        /// The exit status.
        package var status: Int32
        /// Standard output.
        package var output: String
        /// Standard error (standard error is not a terminal here: no progress bar).
        package var errors: String
    }

    /// Runs the command in this process with `arguments` over `apps`, collecting what it
    /// prints. `executable` is the built command started as its workers (`nil`: none, as
    /// with `--jobs 1`).
    @MainActor
    package static func transcript(arguments: [String], apps: [CheckableApp], executable: URL? = nil) async -> Transcript {
        let output = Collected()
        let errors = Collected()
        let console = Console(line: { output.append($0 + "\n") }, error: { errors.append($0) }, errorIsTerminal: false)
        let status = await run(arguments: arguments, apps: apps, console: console, executable: executable)
        return Transcript(status: status, output: output.text, errors: errors.text)
    }

    /// Text collected from any thread.
    private final class Collected: Sendable {
        private let collected = Mutex("")

        var text: String { collected.withLock { $0 } }

        func append(_ text: String) {
            collected.withLock { $0 += text }
        }
    }
}
