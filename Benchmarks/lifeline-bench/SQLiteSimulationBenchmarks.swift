import DurableState
import Foundation
import LifecycleSimulator

/// SQLite on the simulator's disk against SQLite on a real file (issue 15): the same
/// `Database` code, the same settings (WAL, `synchronous = FULL`: the default, "saved"), one
/// through the simulated VFS on a ``SimulatedDisk``, one through SQLite's default VFS on a file
/// in a memory-backed directory, side by side in one run (goal: ratio ≤ 3).
enum SQLiteSimulationBenchmarks {
    static let all: [Benchmark] = [insertTransaction]

    /// 1,000 inserts (text and real) in one `BEGIN IMMEDIATE … COMMIT` transaction.
    static let insertTransaction = Benchmark(name: "sqlite.sim-insert-transaction") {
        let schema = "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL NOT NULL)"
        let insert = "INSERT INTO item (name, score) VALUES (?, ?)"
        let names = (0..<1_000).map { "item-\($0)" }

        let disk = SimulatedDisk()
        let fileSystem = disk.mount()
        try fileSystem.createDirectory(at: "/Library", permissions: 0o700)
        let simulated = try Database(path: "/Library/library.sqlite", storage: fileSystem.storage)
        try simulated.executeScript(schema)
        let directory = try BenchmarkDirectory()
        let real = try Database(path: directory.file("library.sqlite"))
        try real.executeScript(schema)

        @MainActor func insertAll(_ db: Database) throws {
            try db.transaction { db in
                for (index, name) in names.enumerated() {
                    try db.execute(insert, [name, Double(index)])
                }
            }
        }
        let result = try Measure.sideBySide(rounds: 31, iterations: 2, value: { try insertAll(simulated) }, baseline: { try insertAll(real) })
        return BenchmarkResult(value: result.value, baseline: result.baseline, unit: "ns/transaction(1000 inserts)")
    }
}
