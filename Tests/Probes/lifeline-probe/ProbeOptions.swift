/// The probe's command-line options, for the scenarios the process-host tests need.
///
/// - `--lease-ms N`: take an extra-time lease on entering the background, end it N ms later.
/// - `--refresh-ms N`: register an app-refresh task and submit it N ms after launch.
/// - `--grace-ms N`: the termination grace period.
/// - `--terminate-work-ms N`: `willTerminate` starts tracked work that ignores cancellation and
///   takes N ms (it prints `work.done` when it finishes).
/// - `--block-terminate-ms N`: `willTerminate` blocks the main thread for N ms.
/// - `--lifetime-s N`: exit with status 3 after N seconds, so a forgotten probe never lingers.
/// - `--crash-key`: the `c` key crashes the probe (a Swift trap), to test the terminal's restoration.
struct ProbeOptions {
    var leaseMilliseconds: Int?
    var refreshMilliseconds: Int?
    var graceMilliseconds: Int?
    var terminateWorkMilliseconds: Int?
    var blockTerminateMilliseconds: Int?
    var lifetimeSeconds = 60
    var crashKey = false

    /// Parses `arguments` (without the program name); unknown arguments are reported and ignored.
    init(arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument == "--crash-key" {
                crashKey = true
                continue
            }
            let value = iterator.next().flatMap { Int($0) }
            switch argument {
            case "--lease-ms": leaseMilliseconds = value
            case "--refresh-ms": refreshMilliseconds = value
            case "--grace-ms": graceMilliseconds = value
            case "--terminate-work-ms": terminateWorkMilliseconds = value
            case "--block-terminate-ms": blockTerminateMilliseconds = value
            case "--lifetime-s": lifetimeSeconds = value ?? lifetimeSeconds
            default: ProbeOutput.line("probe.unknownArgument \(argument)")
            }
        }
    }
}
