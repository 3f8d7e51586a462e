import Foundation
import Testing

@testable import lifeline_fuzz

/// The checked-in fuzz corpora, replayed through their harnesses in the normal build: every seed,
/// and every input a crash left there once fixed, keeps passing the harness's checks.
@Suite("Fuzz corpora")
@MainActor
struct CorpusReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus")

    @Test("every harness has a corpus, and every input in it passes the harness")
    func replay() {
        for harness in Harnesses.all {
            let inputs = Replay.inputs(in: [Self.corpus.appendingPathComponent(harness.name)])
            #expect(!inputs.isEmpty, "Fuzz/Corpus/\(harness.name) is empty")
            for input in inputs { harness.run(input.data) }
        }
    }

    @Test("the seeds in the corpus are the ones the code makes today")
    func seedsAreCurrent() throws {
        for harness in Harnesses.all {
            for (name, data) in try harness.seeds() {
                let stored = try? Data(contentsOf: Self.corpus.appendingPathComponent(harness.name).appendingPathComponent(name))
                #expect(stored == data, "Fuzz/Corpus/\(harness.name)/\(name) is stale: run scripts/fuzz.sh seeds")
            }
        }
    }
}
