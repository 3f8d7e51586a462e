import Foundation

/// Where the command writes: its report to standard output, diagnostics and the progress bar to
/// standard error, which may or may not be a terminal. A `Sendable` value owned by one command;
/// tests give it closures that collect the text.
struct Console: Sendable {
    /// Writes one line of the report.
    var line: @Sendable (String) -> Void
    /// Writes text to standard error as is (no newline added).
    var error: @Sendable (String) -> Void
    /// Whether standard error is a terminal: only then is a progress bar drawn.
    var errorIsTerminal: Bool

    /// The process's standard output and standard error.
    static var standard: Console {
        Console(
            line: { print($0) },
            error: { FileHandle.standardError.write(Data($0.utf8)) },
            errorIsTerminal: isatty(STDERR_FILENO) == 1
        )
    }
}
