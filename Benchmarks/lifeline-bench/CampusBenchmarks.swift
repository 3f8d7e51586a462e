import CSQLite
import CampusLibrary
import Foundation
import Lifecycle

/// Benchmarks of the Campus area (issue 6).
///
/// - `campus.search-p50`: median latency of a catalogue search through `SQLiteCatalogue` (FTS5
///   query building, the cached statement, records built as `Book` values) versus the same SQL and
///   MATCH expression through direct sqlite3 calls reading the same columns, over the same
///   100,000-entry catalogue file. Goal: ratio ≤ 1.3.
/// - `campus.cold-launch`: process start to first frame of `campus-library --measure-launch` with
///   5 restored windows, 10,000 notes and the 100,000-entry catalogue, versus a hello-world Swift
///   binary compiled in the same run. Goal: ratio ≤ 3. Needs `campus-library` built next to
///   `lifeline-bench` (`swift build -c release`).
enum CampusBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "campus.search-p50") { try await searchMedian() },
        Benchmark(name: "campus.cold-launch") { try await coldLaunch() },
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
    static func coldLaunch() async throws -> BenchmarkResult {
        let binDirectory = Bundle.main.executableURL?.deletingLastPathComponent() ?? URL(fileURLWithPath: ".")
        let app = binDirectory.appendingPathComponent("campus-library")
        guard FileManager.default.isExecutableFile(atPath: app.path) else {
            throw BenchmarkSetupError("campus-library is not built next to lifeline-bench (run swift build -c release)")
        }
        let scratch = try catalogueDirectory()
        let data = scratch.appendingPathComponent("launch-data")
        try LaunchFixture.prepare(at: data, catalogue: scratch.appendingPathComponent("catalogue.sqlite"))
        let hello = try HelloWorld.build(in: scratch)
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
    /// restored on a different screen of a different book.
    enum LaunchFixture {
        static func prepare(at directory: URL, catalogue: URL) throws {
            let manager = FileManager.default
            try? manager.removeItem(at: directory)
            let notes = directory.appendingPathComponent("notes")
            try manager.createDirectory(at: notes, withIntermediateDirectories: true)
            try manager.copyItem(at: catalogue, to: directory.appendingPathComponent("catalogue.sqlite"))
            let books = SyntheticCatalogue().books(count: 10_000)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            for (index, book) in books.enumerated() {
                let note = Note(bookID: book.id, text: "Note \(index) on \(book.title): chapter notes, quotations, questions.",
                                updatedAt: Date(timeIntervalSince1970: 1_800_000_000))
                try encoder.encode(note).write(to: notes.appendingPathComponent("\(book.id.rawValue).json"))
            }
            let routes: [[AppRoute]] = [
                [], [.book(books[10].id)], [.book(books[20].id), .notes(books[20].id)], [.basket], [.book(books[40].id)],
            ]
            let queries = ["harbour", "", "winter garden", "dickens", "lisbon"]
            let windows = zip(routes, queries).enumerated().map { index, pair in
                WindowArchive.Window(
                    id: SceneSessionID("bench-window-\(index)"),
                    payload: WindowRestoration.encode(
                        WindowState(query: pair.1, selection: books[index * 10].id, navigation: NavigationState(path: pair.0))
                    )
                )
            }
            let archive = WindowArchive(windows: windows, active: windows[2].id)
            try encoder.encode(archive).write(to: directory.appendingPathComponent("windows.json"))
        }
    }

    /// A hello-world Swift binary, compiled with `swiftc -O` in the same run.
    enum HelloWorld {
        static func build(in directory: URL) throws -> URL {
            let source = directory.appendingPathComponent("hello.swift")
            let binary = directory.appendingPathComponent("hello")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
            try Data("import Foundation\nprint(\"Hello, world!\")\n".utf8).write(to: source)
            let result = try ProcessTimer.run(["/usr/bin/env", "swiftc", "-O", source.path, "-o", binary.path])
            guard result.status == 0 else { throw BenchmarkSetupError("swiftc could not build the hello-world baseline") }
            return binary
        }
    }

    /// Runs a process to completion and times it from spawn to exit.
    enum ProcessTimer {
        struct Result {
            var status: Int32
            var milliseconds: Double
        }

        static func run(_ arguments: [String]) throws -> Result {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            let clock = ContinuousClock()
            let start = clock.now
            try process.run()
            process.waitUntilExit()
            let elapsed = start.duration(to: clock.now)
            let (seconds, attoseconds) = elapsed.components
            return Result(status: process.terminationStatus, milliseconds: Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
        }
    }
}
