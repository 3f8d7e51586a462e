@testable import LifecycleCheck
import LifecycleSimulator
import Testing

/// The command line as ``CheckOptions`` parses it, and the arguments it gives its workers back.
@Suite("CheckOptions")
@MainActor
struct CheckOptionsTests {
    /// An app that does not declare `locksDevice`: the device locks only with the flag.
    final class Idle {}
    let apps = [
        CheckableApp("idle", switches: []) { _ in
            SimulatedApp<Idle>(name: "Idle") { _ in Idle() } observe: { _ in [] }
        }
    ]

    @Test("--device-locks turns the locking device on, and a worker's arguments keep it")
    func deviceLocksFlag() throws {
        let options = try CheckOptions(arguments: ["--device-locks", "--schedules", "10"], apps: apps)
        #expect(options.simulation.deviceLocks)
        #expect(options.configuration.deviceLocks == true)
        #expect(options.configuration.arguments.contains("--device-locks"))
        let worker = try CheckOptions(arguments: options.configuration.arguments, apps: apps)
        #expect(worker.simulation.deviceLocks)
    }

    @Test("without --device-locks the device never locks, and the summary says nothing of it")
    func noDeviceLocksByDefault() throws {
        let options = try CheckOptions(arguments: ["--schedules", "10"], apps: apps)
        #expect(!options.simulation.deviceLocks)
        #expect(options.configuration.deviceLocks == nil)
        #expect(!options.configuration.arguments.contains("--device-locks"))
    }
}
