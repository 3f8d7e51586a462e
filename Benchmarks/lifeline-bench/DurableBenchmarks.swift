import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Benchmarks of the Durable area; see the issue that defines each name.
enum DurableBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "durable-save.4KiB", run: durableSave),
        Benchmark(name: "debounce.writes-per-1000-changes", run: debounceWrites),
    ]

    /// A document whose stored file is about 4 KiB.
    struct Document: Codable, Sendable {
        var title: String
        var body: String
        var revision: Int
    }

    /// `DocumentStore.save` of a 4 KiB document (encode, envelope, temporary file + fsync, backup
    /// rename, rename, directory fsync) against the bare recipe written with direct system calls
    /// on the same 4 KiB of bytes, in the same run and the same file system: 600 of each,
    /// interleaved one by one, medians.
    @MainActor
    static func durableSave() async throws -> BenchmarkResult {
        let root = FileManager.default.temporaryDirectory.path + "/lifeline-bench-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/library", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/raw", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }

        let store = DocumentStore(
            storage: StorageEnvironment(fileSystem: POSIXFileSystem()), path: root + "/library/doc", defaultValue: Document(title: "", body: "", revision: 0),
            clock: SystemClock())
        var document = Document(title: "Notes", body: String(repeating: "lorem ipsum ", count: 336), revision: 0)
        let bytes = try StoredCodec(sizeLimit: 1 << 20).encode(document, writtenAt: Date())
        guard (4000...4200).contains(bytes.count) else { throw DurableBenchmarkError.unexpectedSize(bytes.count) }

        _ = store.load()
        // fsync time swings with the machine's other I/O, so the two run one save at a time,
        // alternating which goes first (ABBA), and each side keeps its median.
        var library: [Double] = []
        var raw: [Double] = []
        func saveThroughLibrary() throws {
            document.revision += 1
            library.append(try Measure.nanosecondsPerIteration(iterations: 1) { try store.save(document) })
        }
        func saveRaw() throws {
            raw.append(try Measure.nanosecondsPerIteration(iterations: 1) {
                try RawDurableRecipe.replace(directory: root + "/raw", name: "doc", with: bytes)
            })
        }
        for pair in 0..<600 {
            if pair.isMultiple(of: 2) {
                try saveThroughLibrary()
                try saveRaw()
            } else {
                try saveRaw()
                try saveThroughLibrary()
            }
        }
        return BenchmarkResult(value: Measure.median(library), baseline: Measure.median(raw), unit: "ns/save")
    }

    /// Physical file writes caused by 1,000 changes made 0.1 ms apart (all inside one 300 ms
    /// debounce window of a `PersistentValue` on a virtual clock and the simulated disk).
    @MainActor
    static func debounceWrites() async throws -> BenchmarkResult {
        let clock = VirtualClock()
        let disk = SimulatedDisk()
        let storage = DurableValueStorage<[Int]>(storage: StorageEnvironment(fileSystem: disk.mount()), path: "/app/value.json", clock: clock)
        let value = PersistentValue(
            initialValue: [], storage: storage, clock: clock,
            scope: TaskScope(name: "bench", tracker: WorkTracker()), name: "bench")
        await value.hydrate()
        let before = disk.statistics.writes
        for change in 0..<1000 {
            value.value.append(change)
            clock.advance(by: .microseconds(100))
        }
        clock.advance(by: value.debounce)
        guard value.saveState == .saved(generation: 1000) else { throw DurableBenchmarkError.notSaved("\(value.saveState)") }
        return BenchmarkResult(value: Double(disk.statistics.writes - before), baseline: nil, unit: "writes")
    }
}

enum DurableBenchmarkError: Error, CustomStringConvertible {
    case unexpectedSize(Int)
    case notSaved(String)
    case syscall(String, Int32)

    var description: String {
        switch self {
        case .unexpectedSize(let size): "the benchmark document encodes to \(size) bytes, not about 4 KiB"
        case .notSaved(let state): "the value was not saved: \(state)"
        case let .syscall(call, code): "\(call) failed with errno \(code)"
        }
    }
}

/// The durable replace recipe with nothing around it: open/write/fsync/close the temporary file,
/// rename it over the target, open/fsync/close the directory.
enum RawDurableRecipe {
    static func replace(directory: String, name: String, with bytes: Data) throws {
        let temporary = directory + "/." + name + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw DurableBenchmarkError.syscall("open", errno) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw DurableBenchmarkError.syscall("write", errno) }
        #if canImport(Darwin)
        guard fcntl(descriptor, F_FULLFSYNC) == 0 || fsync(descriptor) == 0 else { throw DurableBenchmarkError.syscall("fsync", errno) }
        #else
        guard fsync(descriptor) == 0 else { throw DurableBenchmarkError.syscall("fsync", errno) }
        #endif
        close(descriptor)
        guard rename(temporary, directory + "/" + name) == 0 else { throw DurableBenchmarkError.syscall("rename", errno) }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryDescriptor >= 0 else { throw DurableBenchmarkError.syscall("open directory", errno) }
        defer { close(directoryDescriptor) }
        guard fsync(directoryDescriptor) == 0 else { throw DurableBenchmarkError.syscall("fsync directory", errno) }
    }
}
