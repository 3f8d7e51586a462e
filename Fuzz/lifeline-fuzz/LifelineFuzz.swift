#if !LIFELINE_FUZZING
import Foundation

/// lifeline-fuzz in the normal build: lists the harnesses, writes their seed corpora, and runs a
/// harness once on given inputs (the checked-in corpora, a crash file), without the fuzzing
/// toolchain. `scripts/fuzz.sh` builds the fuzzer instead (see `FuzzerEntryPoints.swift`).
///
///     lifeline-fuzz list
///     lifeline-fuzz write-seeds DIRECTORY          one subdirectory per harness
///     lifeline-fuzz HARNESS FILE|DIRECTORY...      runs each input once
@main
@MainActor
enum LifelineFuzz {
    static let usage = """
        usage: lifeline-fuzz list
               lifeline-fuzz write-seeds DIRECTORY
               lifeline-fuzz HARNESS FILE|DIRECTORY...
        harnesses: \(Harnesses.all.map { $0.name }.joined(separator: ", "))
        """

    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else { fail(usage) }
        switch arguments[1] {
        case "list":
            for harness in Harnesses.all { print("\(harness.name)\t\(harness.summary)") }
        case "write-seeds":
            guard arguments.count == 3 else { fail(usage) }
            do {
                try Seeds.write(to: URL(fileURLWithPath: arguments[2]))
            } catch {
                fail("writing the seeds failed: \(error)")
            }
        default:
            guard let harness = Harnesses.named(arguments[1]) else { fail("no harness named \(arguments[1])\n\(usage)") }
            let inputs = Replay.inputs(in: arguments.dropFirst(2).map { URL(fileURLWithPath: $0) })
            for input in inputs { harness.run(input.data) }
            print("\(harness.name): \(inputs.count) inputs ran without a broken promise")
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("lifeline-fuzz: \(message)\n".utf8))
        exit(2)
    }
}
#endif
