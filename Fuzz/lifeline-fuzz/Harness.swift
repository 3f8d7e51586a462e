import Foundation

/// One decoder of outside bytes under the fuzzer: what the bytes are fed to, what is checked
/// afterwards, and seed inputs made by the code being fuzzed.
///
/// `run` must not crash on any input; where the decoder promises more (a re-encoded value decodes
/// to itself, a restored state is within its limits) it checks that too and stops the process
/// with a message when the promise is broken, which libFuzzer reports as a crash and saves the
/// input of. Harnesses drive main-actor stores; libFuzzer calls them on the main thread.
@MainActor
protocol Harness {
    /// The name on the command line and of the harness's corpus directory.
    static var name: String { get }
    /// What is fuzzed, for `lifeline-fuzz list`.
    static var summary: String { get }
    /// Feeds `input` to the decoder and checks what the decoder promises.
    static func run(_ input: Data)
    /// Seed inputs by file name, made by the code itself (its encoders and stores).
    static func seeds() throws -> [String: Data]
}

/// Every harness, in the order `list` prints them.
@MainActor
enum Harnesses {
    static let all: [any Harness.Type] = [
        EnvelopeHarness.self, PreferencesHarness.self, WindowArchiveHarness.self, WindowStateHarness.self,
        NoteHarness.self, ReproHarness.self, LinkHarness.self, TerminalInputHarness.self,
    ]

    static func named(_ name: String) -> (any Harness.Type)? {
        all.first { $0.name == name }
    }
}

/// Stops the process with `message` when `condition` is false: a broken promise of the decoder,
/// which libFuzzer reports as a crash, saving the input.
func promise(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    if !condition { fatalError(message(), file: file, line: line) }
}
