import Foundation
import LifecycleSimulator

/// The simulator's repro files (`lifecycle-check --replay FILE`), which people pass around.
enum ReproHarness: Harness {
    static let name = "repro"
    static let summary = "Repro.load (a lifecycle-check repro file), then re-encoded and loaded again"

    static func run(_ input: Data) {
        guard let repro = try? Repro.load(from: input) else { return }
        // A repro file written from a loaded one replays the same schedule.
        let again = (try? repro.encoded()).flatMap { try? Repro.load(from: $0) }
        promise(again == repro, "a loaded repro does not survive re-encoding")
    }

    /// None made here: `scripts/fuzz.sh seeds` writes them with `lifecycle-check --repro-out`,
    /// from real failures of the planted bugs.
    static func seeds() throws -> [String: Data] { [:] }
}
