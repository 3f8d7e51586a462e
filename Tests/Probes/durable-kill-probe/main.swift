// durable-kill-probe: saves a counter in a loop through a DurableState store and prints every
// value once the store reports it saved, so a test can SIGKILL it at random moments and check that
// the last acknowledged value (or a newer one) is on disk.
//
// Usage: durable-kill-probe <directory> [document|preferences|value|hold] [count]
// Claims the directory first (DataDirectory): if another process holds it, prints
// "in use by pid <n>" to stderr and exits with status 75, having written nothing.
// Prints "loaded <n>" after loading, then "ack <n>" per acknowledged save (written straight to
// the stdout descriptor, unbuffered). Exits after `count` saves (default: never). `hold` only
// claims the directory, prints "holding", and keeps it until standard input closes.
import DurableState
import Foundation
import Lifecycle

/// The saved record: a counter and padding whose length varies, so a torn or mixed write would
/// not decode as a valid record.
struct ProbeRecord: Codable, Sendable, Equatable {
    var counter: Int
    var padding: String

    init(counter: Int) {
        self.counter = counter
        self.padding = String(repeating: "p", count: (counter &* 977) % 3000)
    }
}

extension PreferenceKey where Value == Int {
    static let probeCounter = PreferenceKey("probe.counter", default: 0)
}

func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("durable-kill-probe: " + message + "\n").utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else { fail("usage: durable-kill-probe <directory> [document|preferences|value] [count]") }
let directory = arguments[1]
let mode = arguments.count >= 3 ? arguments[2] : "document"
let limit = arguments.count >= 4 ? Int(arguments[3]) ?? Int.max : Int.max
let fileSystem = POSIXFileSystem(root: directory)
let clock = SystemClock()
let logger = LifelineLogger(category: "probe", sink: StandardErrorLogSink(), minimumLevel: .warning)
let claimed: DataDirectory
do {
    claimed = try DataDirectory.claim(directory, fileSystem: fileSystem, logger: logger)
} catch .inUse(_, let holder) {
    FileHandle.standardError.write(Data("in use by pid \(holder.map(String.init) ?? "unknown")\n".utf8))
    exit(75)
} catch {
    fail("cannot claim \(directory): \(error)")
}

switch mode {
case "hold":
    emit("holding")
    _ = FileHandle.standardInput.readDataToEndOfFile()
case "document":
    let store = DocumentStore(
        storage: StorageEnvironment(fileSystem: fileSystem), path: directory + "/counter.doc", defaultValue: ProbeRecord(counter: 0),
        clock: clock, logger: logger)
    var counter = store.load().value.counter
    emit("loaded \(counter)")
    for _ in 0..<limit {
        counter += 1
        do { try store.save(ProbeRecord(counter: counter)) } catch { fail("save failed: \(error)") }
        emit("ack \(counter)")
    }
case "preferences":
    let preferences = Preferences(storage: StorageEnvironment(fileSystem: fileSystem), directory: directory, clock: clock, logger: logger)
    var counter = preferences[.probeCounter]
    emit("loaded \(counter)")
    for _ in 0..<limit {
        counter += 1
        do { try preferences.set(counter, for: .probeCounter) } catch { fail("set failed: \(error)") }
        emit("ack \(counter)")
    }
case "value":
    let storage = DurableValueStorage<ProbeRecord>(storage: StorageEnvironment(fileSystem: fileSystem), path: directory + "/value.json", clock: clock, logger: logger)
    let value = PersistentValue(
        initialValue: ProbeRecord(counter: 0), storage: storage, clock: clock,
        scope: TaskScope(name: "probe", tracker: WorkTracker()), name: "probe", logger: logger)
    let outcome = await value.hydrate()
    guard outcome == .loaded || outcome == .nothingStored else { fail("hydration failed: \(outcome)") }
    emit("loaded \(value.value.counter)")
    for _ in 0..<limit {
        value.value = ProbeRecord(counter: value.value.counter + 1)
        value.flush()
        guard case .saved = value.saveState else { fail("flush did not save: \(value.saveState)") }
        emit("ack \(value.value.counter)")
    }
default:
    fail("unknown mode \(mode)")
}
