import CSQLite
import CampusLibrary
import DurableState
import Foundation
import Lifecycle

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Benchmarks of the Campus area (issue 6).
///
/// - `campus.search-p50`: median latency of a catalogue search through `SQLiteCatalogue` (FTS5
///   query building, the cached statement, records built as `Book` values) versus the same SQL and
///   MATCH expression through direct sqlite3 calls reading the same columns, over the same
///   100,000-entry catalogue file. Goal: ratio ≤ 1.3.
/// - `campus.cold-launch`: process start to first frame of `campus-library --measure-launch` with
///   5 restored windows, 10,000 notes and the 100,000-entry catalogue, versus a hello-world Swift
///   binary compiled in the same run (`swiftc -O`). Goal: ratio ≤ 3. Needs `campus-library` built
///   next to `lifeline-bench` (`swift build -c release`).
/// - `campus.cold-launch-vs-static-hello`: the same launch versus a hello world linked like
///   `campus-library` itself (`-static-stdlib`): what the app costs beyond the runtime's own start.
enum CampusBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "campus.search-p50") { try await searchMedian() },
        Benchmark(name: "campus.cold-launch") { try await coldLaunch(staticBaseline: false) },
        Benchmark(name: "campus.cold-launch-vs-static-hello") { try await coldLaunch(staticBaseline: true) },
    ]

    static let syntheticCount = 100_000
    static let queries = ["river", "tale two", "dickens", "sea stories", "golden harbour", "winter", "austen pride", "lisbon"]

    /// A scratch directory holding the 100,000-entry catalogue, built once per run.
    @MainActor
    static func catalogueDirectory() throws -> URL {
        if let built = builtDirectory { return built }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("campus-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let books = try CatalogueSeed.books() + SyntheticCatalogue().books(count: syntheticCount)
        try SQLiteCatalogue.build(at: directory.appendingPathComponent("catalogue.sqlite").path, books: books)
        builtDirectory = directory
        return directory
    }

    @MainActor private static var builtDirectory: URL?

    @MainActor
    static func searchMedian() async throws -> BenchmarkResult {
        let path = try catalogueDirectory().appendingPathComponent("catalogue.sqlite").path
        let catalogue = SQLiteCatalogue(path: path)
        try catalogue.prepareNow()
        let direct = try DirectSearch(path: path)
        var valueIndex = 0
        var baselineIndex = 0
        let expressions = queries.map { FullTextQuery.expression(for: $0) ?? "" }
        let (value, baseline) = try Measure.sideBySide(rounds: 31, iterations: queries.count * 4) {
            let books = try catalogue.searchNow(queries[valueIndex % queries.count], limit: 50)
            valueIndex += 1
            blackHole(books)
        } baseline: {
            let rows = try direct.search(expressions[baselineIndex % queries.count], limit: 50)
            baselineIndex += 1
            blackHole(rows)
        }
        return BenchmarkResult(value: value / 1_000, baseline: baseline / 1_000, unit: "µs")
    }

    @MainActor
    static func coldLaunch(staticBaseline: Bool) async throws -> BenchmarkResult {
        let app = try campusLibraryBinary()
        let scratch = try catalogueDirectory()
        let data = scratch.appendingPathComponent("launch-data")
        try LaunchFixture.prepare(at: data, catalogue: scratch.appendingPathComponent("catalogue.sqlite"))
        let hello = try HelloWorld.build(in: scratch, linkedStatically: staticBaseline)
        let launch = [app.path, "--data-dir", data.path, "--measure-launch"]
        // One untimed run of each warms the page cache.
        _ = try ProcessTimer.run([hello.path])
        let warm = try ProcessTimer.run(launch)
        guard warm.status == 0 else { throw BenchmarkSetupError("campus-library --measure-launch exited with \(warm.status)") }
        var values: [Double] = []
        var baselines: [Double] = []
        for _ in 0..<15 {
            baselines.append(try ProcessTimer.run([hello.path]).milliseconds)
            values.append(try ProcessTimer.run(launch).milliseconds)
        }
        return BenchmarkResult(value: Measure.median(values), baseline: Measure.median(baselines), unit: "ms")
    }
}

/// The fixtures and baselines of the Campus benchmarks.
extension CampusBenchmarks {
    /// Why a benchmark could not be set up.
    /// The `campus-library` executable built next to `lifeline-bench`, or a setup error saying how
    /// to build it.
    static func campusLibraryBinary() throws -> URL {
        let binDirectory = Bundle.main.executableURL?.deletingLastPathComponent() ?? URL(fileURLWithPath: ".")
        let app = binDirectory.appendingPathComponent("campus-library")
        guard FileManager.default.isExecutableFile(atPath: app.path) else {
            throw BenchmarkSetupError("campus-library is not built next to lifeline-bench (run swift build -c release)")
        }
        return app
    }

    struct BenchmarkSetupError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The baseline of `campus.search-p50`: the catalogue's search SQL through direct sqlite3 calls,
    /// one prepared statement, the same columns read into strings. Main-actor confined like the
    /// catalogue it is compared with.
    @MainActor
    final class DirectSearch {
        private var database: OpaquePointer?
        private var statement: OpaquePointer?

        init(path: String) throws {
            guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
                sqlite3_prepare_v3(database, SQLiteCatalogue.searchSQL, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
                    == SQLITE_OK
            else { throw BenchmarkSetupError("could not open the catalogue for direct search") }
        }

        isolated deinit {
            sqlite3_finalize(statement)
            sqlite3_close_v2(database)
        }

        func search(_ expression: String, limit: Int) throws -> [(String, String, String, Int, String)] {
            sqlite3_reset(statement)
            sqlite3_bind_text(statement, 1, expression, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            sqlite3_bind_int64(statement, 2, Int64(limit))
            var rows: [(String, String, String, Int, String)] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                func text(_ column: Int32) -> String {
                    sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
                }
                rows.append((text(0), text(1), text(2), Int(sqlite3_column_int64(statement, 3)), text(4)))
            }
            sqlite3_reset(statement)
            return rows
        }
    }

    /// The data directory of `campus.cold-launch`: the catalogue, 10,000 notes and 5 windows, each
    /// restored on a different screen of a different book, written through the app's own stores.
    @MainActor
    enum LaunchFixture {
        static func prepare(at directory: URL, catalogue: URL) throws {
            let manager = FileManager.default
            try? manager.removeItem(at: directory)
            try manager.createDirectory(at: directory.appendingPathComponent("notes"), withIntermediateDirectories: true)
            try manager.copyItem(at: catalogue, to: directory.appendingPathComponent("catalogue.sqlite"))
            let fileSystem = UnsyncedFileSystem()
            let clock = VirtualClock()
            let books = SyntheticCatalogue().books(count: 10_000)
            for (index, book) in books.enumerated() {
                let path = directory.appendingPathComponent("notes/\(book.id.rawValue).json").path
                try DurableValueStorage<String>(storage: StorageEnvironment(fileSystem: fileSystem), path: path, clock: clock)
                    .saveNow("Note \(index) on \(book.title): chapter notes, quotations, questions.")
            }
            let routes: [[AppRoute]] = [
                [], [.book(books[10].id)], [.book(books[20].id), .notes(books[20].id)], [.basket], [.book(books[40].id)],
            ]
            let queries = ["harbour", "", "winter garden", "dickens", "lisbon"]
            let windows = try zip(routes, queries).enumerated().map { index, pair in
                let state = WindowState(query: pair.1, selection: books[index * 10].id, navigation: NavigationState(path: pair.0))
                return WindowArchive.Window(
                    id: SceneSessionID("bench-window-\(index)"),
                    payload: try WindowState.restoration.encode(state, writtenAt: clock.date)
                )
            }
            try WindowArchiveStore(directory: directory.path, fileSystem: fileSystem, clock: clock)
                .save(WindowArchive(windows: windows, active: windows[2].id))
        }
    }

    /// The real file system without the syncs: fixtures are written fast and never need to
    /// survive a power loss.
    struct UnsyncedFileSystem: FileSystem {
        let base = POSIXFileSystem()

        func readFile(at path: String) throws(FileSystemError) -> Data { try base.readFile(at: path) }
        func itemExists(at path: String) -> Bool { base.itemExists(at: path) }
        func createDirectory(at path: String, permissions: UInt16) throws(FileSystemError) {
            try base.createDirectory(at: path, permissions: permissions)
        }
        func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] { try base.contentsOfDirectory(at: path) }
        func removeItem(at path: String) throws(FileSystemError) { try base.removeItem(at: path) }
        func rename(from source: String, to destination: String) throws(FileSystemError) {
            try base.rename(from: source, to: destination)
        }
        func writeFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
            try base.writeFile(data, to: path, permissions: permissions)
        }
        func syncFile(at path: String) throws(FileSystemError) {}
        func syncDirectory(at path: String) throws(FileSystemError) {}
        func permissions(at path: String) throws(FileSystemError) -> UInt16 { try base.permissions(at: path) }
        func lockFile(at path: String, permissions: UInt16) throws(FileSystemError) -> FileLock {
            try base.lockFile(at: path, permissions: permissions)
        }
    }

    /// A hello-world Swift binary, compiled with `swiftc -O` (and `-static-stdlib` when asked) in
    /// the same run.
    enum HelloWorld {
        static func build(in directory: URL, linkedStatically: Bool) throws -> URL {
            let source = directory.appendingPathComponent("hello.swift")
            let binary = directory.appendingPathComponent(linkedStatically ? "hello-static" : "hello")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
            try Data("import Foundation\nprint(\"Hello, world!\")\n".utf8).write(to: source)
            let flags = linkedStatically ? ["-O", "-static-stdlib"] : ["-O"]
            let result = try ProcessTimer.run(["/usr/bin/env", "swiftc"] + flags + [source.path, "-o", binary.path])
            guard result.status == 0 else { throw BenchmarkSetupError("swiftc could not build the hello-world baseline") }
            return binary
        }
    }

    /// Runs a process to completion and times it from spawn to exit, with `posix_spawn` and
    /// `waitpid` (Foundation's `Process` adds milliseconds of its own bookkeeping to each run,
    /// which would blur the comparison).
    enum ProcessTimer {
        struct Result {
            var status: Int32
            var milliseconds: Double
        }

        static func run(_ arguments: [String]) throws -> Result {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            let argv = arguments.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            let clock = ContinuousClock()
            let start = clock.now
            var pid: pid_t = 0
            guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
                throw BenchmarkSetupError("could not start \(arguments[0])")
            }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            let elapsed = start.duration(to: clock.now)
            let (seconds, attoseconds) = elapsed.components
            let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
            return Result(status: exitStatus, milliseconds: Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
        }
    }
}
