import DurableState
import Foundation
import Lifecycle
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the probe's saved record looks like (same shape as in `durable-kill-probe`).
private struct ProbeRecord: Codable, Sendable, Equatable {
    var counter: Int
    var padding: String
}

/// Lines the probe printed, read from its stdout pipe on a thread of their own until the pipe
/// closes (the probe died), so no acknowledged line is missed.
private final class ProbeOutput: @unchecked Sendable {
    // Safe because `buffer`, `lines` and `finished` are only touched while holding `lock`. An
    // NSLock rather than a Mutex: ThreadSanitizer (`make sanitize`) follows NSLock's pthread mutex,
    // but a contended Mutex waits and wakes inside the uninstrumented Synchronization library, so
    // it reported the reader thread's appends and the test's reads as a race.
    private let lock = NSLock()
    private var buffer = Data()
    private var collected: [String] = []
    private var finished = false

    init(reading handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                append(data)
            }
            lock.withLock { finished = true }
        }
    }

    var isFinished: Bool { lock.withLock { finished } }

    private func append(_ data: Data) {
        lock.withLock {
            buffer.append(data)
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                collected.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                buffer.removeSubrange(buffer.startIndex...newline)
            }
        }
    }

    var lines: [String] { lock.withLock { collected } }
}

/// Runs the `durable-kill-probe` executable and kills it with SIGKILL at random moments: after
/// each kill, the last value it acknowledged (or a newer one) must be on disk and every committed
/// file must decode. `LIFELINE_KILL_ITERATIONS` raises the number of kills (default 200);
/// `LIFELINE_KILL_SEED` replays a schedule of kill delays.
@Suite("durable-kill-probe under SIGKILL", .serialized)
struct DurableKillProbeTests {
    static let modes = ["document", "preferences", "value"]

    /// The probe next to the test bundle in the build products directory.
    static func probeURL() -> URL? {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles + [Bundle.main] where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL {
            var directory = executable.deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory)
                directory = directory.deletingLastPathComponent()
            }
        }
        return candidates.map { $0.appendingPathComponent("durable-kill-probe") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    @Test("after each SIGKILL the last acknowledged value or a newer one is on disk, and every file decodes")
    func killAtRandomMoments() async throws {
        let probe = try #require(Self.probeURL(), "durable-kill-probe was not built next to the test bundle")
        let environment = ProcessInfo.processInfo.environment
        let iterations = environment["LIFELINE_KILL_ITERATIONS"].flatMap(Int.init) ?? 200
        let seed = environment["LIFELINE_KILL_SEED"].flatMap(UInt64.init) ?? 0x5EED_0F_D1E
        var random = SeededRandom(seed: seed)
        let directory = TemporaryDirectory("kill-probe")
        var acknowledged = Dictionary(uniqueKeysWithValues: Self.modes.map { ($0, 0) })
        var killsAfterAcks = 0

        for iteration in 0..<iterations {
            let mode = Self.modes[iteration % Self.modes.count]
            let process = Process()
            process.executableURL = probe
            process.arguments = [directory.path, mode]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = ProbeOutput(reading: pipe.fileHandleForReading)

            // Where the kill lands is chosen by what the probe has said, not by how long it ran:
            // before it is ready, or once it acknowledged 0-3 saves (then a moment later, inside
            // the next save or between two), so a loaded machine moves no kill out of a save.
            let killBeforeReady = random.next(below: 8) == 0
            let acksBeforeKill = random.next(below: 4)
            if !killBeforeReady {
                let started = ContinuousClock.now
                while process.isRunning, ContinuousClock.now - started < .seconds(10),
                      !output.lines.contains(where: { $0.hasPrefix("loaded") })
                        || output.lines.count(where: { $0.hasPrefix("ack ") }) < acksBeforeKill
                {
                    try await Task.sleep(for: .milliseconds(1))
                }
            }
            try await Task.sleep(for: .microseconds(random.next(below: killBeforeReady ? 30_000 : 5_000)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let died = ContinuousClock.now
            while !output.isFinished, ContinuousClock.now - died < .seconds(10) {
                try await Task.sleep(for: .milliseconds(1))
            }
            #expect(output.isFinished, "iteration \(iteration): the probe's output never ended")
            #expect(process.terminationReason == .uncaughtSignal, "iteration \(iteration): the probe exited on its own")

            let acks = output.lines.compactMap { $0.hasPrefix("ack ") ? Int($0.dropFirst(4)) : nil }
            if let loaded = output.lines.first(where: { $0.hasPrefix("loaded ") }).flatMap({ Int($0.dropFirst(7)) }) {
                #expect(loaded >= acknowledged[mode] ?? 0, "iteration \(iteration) (\(mode)): the probe loaded \(loaded), older than the acknowledged \(acknowledged[mode] ?? 0)")
            }
            if let last = acks.last {
                acknowledged[mode] = last
                killsAfterAcks += 1
            }
            let onDisk = try await Self.storedCounter(mode: mode, directory: directory.path)
            #expect(onDisk >= acknowledged[mode] ?? 0, "iteration \(iteration) (\(mode)): \(onDisk) on disk, \(acknowledged[mode] ?? 0) acknowledged")
            #expect(onDisk <= (acknowledged[mode] ?? 0) + 1, "iteration \(iteration) (\(mode)): \(onDisk) on disk is more than one ahead")
            try Self.expectEveryFileDecodes(in: directory, iteration: iteration)
            acknowledged[mode] = onDisk
        }
        #expect(killsAfterAcks >= iterations / 3, "too few kills landed while the probe was saving")
    }

    /// The counter a fresh incarnation of `mode`'s store loads; its load must report no problem.
    @MainActor
    static func storedCounter(mode: String, directory: String) throws -> Int {
        let clock = VirtualClock()
        switch mode {
        case "document":
            let loaded = DocumentStore(storage: StorageEnvironment(fileSystem: POSIXFileSystem()), path: directory + "/counter.doc",
                                       defaultValue: ProbeRecord(counter: 0, padding: ""), clock: clock).load()
            #expect(loaded.issues.isEmpty)
            return loaded.value.counter
        case "preferences":
            let preferences = Preferences(storage: StorageEnvironment(fileSystem: POSIXFileSystem()), directory: directory, clock: clock)
            #expect(preferences.loadReport.issues.isEmpty)
            return preferences[PreferenceKey("probe.counter", default: 0)]
        default:
            let storage = DurableValueStorage<ProbeRecord>(storage: StorageEnvironment(fileSystem: POSIXFileSystem()), path: directory + "/value.json", clock: clock)
            let value = try storage.loadNow()
            #expect(storage.lastLoadIssues.isEmpty)
            return value?.counter ?? 0
        }
    }

    /// Every committed file (not the hidden temporary of a killed write) is a valid envelope, and
    /// nothing was quarantined.
    static func expectEveryFileDecodes(in directory: TemporaryDirectory, iteration: Int) throws {
        for name in directory.names {
            #expect(!Quarantine.isQuarantined(name), "iteration \(iteration): \(name) was quarantined")
            guard !name.hasPrefix(".") else { continue }
            let data = try Data(contentsOf: URL(fileURLWithPath: directory.file(name)))
            #expect(throws: Never.self, "iteration \(iteration): \(name) does not decode") { try StoredEnvelope.decode(data) }
        }
    }
}

/// SplitMix64, so a failing schedule of kill delays can be replayed with `LIFELINE_KILL_SEED`.
private struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((value ^ (value >> 31)) % UInt64(max(bound, 1)))
    }
}
