#if LIFELINE_FUZZING
import Foundation

/// lifeline-fuzz as `scripts/fuzz.sh` builds it (libFuzzer, AddressSanitizer, LIFELINE_FUZZING):
/// libFuzzer owns `main` and calls these entry points.
///
///     lifeline-fuzz HARNESS [libFuzzer options] [CORPUS...]
///
/// The harness is the first argument; libFuzzer's own child processes (minimizing a crash,
/// merging corpora) are started without it and find it in `LIFELINE_FUZZ_HARNESS`.
@MainActor
enum FuzzerEntryPoints {
    /// The harness every input goes to, chosen before the first one.
    static var selected: (any Harness.Type)?
    static let environmentKey = "LIFELINE_FUZZ_HARNESS"

    /// Takes the harness's name out of `arguments`, so that libFuzzer reads only its own.
    static func select(from arguments: inout [String]) {
        if arguments.count > 1, let harness = Harnesses.named(arguments[1]) {
            arguments.remove(at: 1)
            setenv(environmentKey, harness.name, 1)
            selected = harness
        } else if let name = ProcessInfo.processInfo.environment[environmentKey] {
            selected = Harnesses.named(name)
        }
        guard selected == nil else { return }
        let names = Harnesses.all.map { $0.name }.joined(separator: ", ")
        FileHandle.standardError.write(Data("usage: lifeline-fuzz HARNESS [libFuzzer options] [CORPUS...]\nharnesses: \(names)\n".utf8))
        exit(2)
    }
}

/// libFuzzer's start-up hook: reads (and removes) the harness's name. libFuzzer calls it on the
/// main thread before it parses its options.
@_cdecl("LLVMFuzzerInitialize")
func fuzzerInitialize(
    _ count: UnsafeMutablePointer<Int32>, _ arguments: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    guard let vector = arguments.pointee else { return 0 }
    var strings = (0..<Int(count.pointee)).map { vector[$0].map { String(cString: $0) } ?? "" }
    MainActor.assumeIsolated { FuzzerEntryPoints.select(from: &strings) }
    // The shortened list replaces the original for the life of the process, as libFuzzer expects.
    let shortened = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: strings.count + 1)
    for (index, string) in strings.enumerated() { shortened[index] = strdup(string) }
    shortened[strings.count] = nil
    count.pointee = Int32(strings.count)
    arguments.pointee = shortened
    return 0
}

/// libFuzzer's callback: one input for the selected harness, on the main thread.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Data(bytes: $0, count: size) } ?? Data()
    MainActor.assumeIsolated { FuzzerEntryPoints.selected?.run(input) }
    return 0
}
#endif
