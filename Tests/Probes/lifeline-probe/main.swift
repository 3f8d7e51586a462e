import Dispatch
import Lifecycle
import ProcessHost

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// A headless app on ProcessHost for the process-host tests: each lifecycle callback becomes one
// line on standard output (see ProbeApplication and ProbeScene); diagnostics go to standard error.

let options = ProbeOptions(arguments: Array(CommandLine.arguments.dropFirst()))
var configuration = ProcessHostConfiguration(observesMemoryPressure: false)
if let grace = options.graceMilliseconds { configuration.terminationGrace = .milliseconds(grace) }
let host = ProcessHost(
    configuration: configuration,
    logger: LifelineLogger(category: "probe", sink: StandardErrorLogSink(), minimumLevel: .info)
)
let application = ProbeApplication(options: options, host: host)
DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(options.lifetimeSeconds)) {
    ProbeOutput.line("probe.lifetimeExceeded")
    exit(3)
}
host.run()
