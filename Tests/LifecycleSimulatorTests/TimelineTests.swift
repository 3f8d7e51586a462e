import Foundation
@testable import LifecycleSimulator
import SimulatorExample
import Testing

@Suite("Timeline")
@MainActor
struct TimelineTests {
    static func record(_ step: Int, _ lane: String, _ text: String, at milliseconds: Int64 = 0) -> SimulationTrace.Record {
        SimulationTrace.Record(step: step, milliseconds: milliseconds, lane: lane, text: text)
    }

    @Test("the default timeline of a failing run fits 120 columns and explains its lane names")
    func fitsOneHundredTwentyColumns() async throws {
        let simulator = Simulator(app: LibraryExample.app(bugs: [.sharedSelectionSingleton]))
        let failure = try #require(await Explorer(simulator: simulator).explore(seed: 1, schedules: 500).failure)
        let lines = failure.timeline.split(separator: "\n", omittingEmptySubsequences: false)
        let widest = try #require(lines.map(\.count).max())
        #expect(widest <= 120, "\(lines.first { $0.count == widest } ?? "")")
        #expect(lines[0].hasPrefix("lanes: P process"))
        // The marker's column follows the widest lane name (`S1.2` for a scene's second session).
        #expect(lines.contains { $0.hasPrefix("    !!") && $0.contains(" VIOLATION cross-scene leak") }, "\(lines.filter { $0.contains("VIOLATION") })")
        #expect(failure.text.contains(failure.timeline))
    }

    @Test("a lane line shows a step's records in order, storage paths relative to the lane's directory")
    func laneLines() {
        let timeline = Timeline(records: [
            Self.record(0, "step", "launch(user)"),
            Self.record(0, "process", "launch #1 (user)"),
            Self.record(0, "disk /Documents", "write 12B /Documents/.a.tmp"),
            Self.record(0, "disk /Documents", "rename /Documents/.a.tmp -> /Documents/a.txt"),
            Self.record(0, "scene S1", "willConnect"),
            Self.record(1, "step", "advance(2500ms)", at: 2_500),
        ])
        let lines = timeline.render().split(separator: "\n").map(String.init)
        #expect(lines.contains("#0   t+0ms       launch(user)"))
        #expect(lines.contains("    D1  write 12B .a.tmp · rename .a.tmp -> a.txt"))
        #expect(lines.contains("#1   t+2.500s    advance(2500ms)"))
        let order = ["    P   launch #1 (user)", "    D1  write", "    S1  willConnect"].compactMap { prefix in
            lines.firstIndex { $0.hasPrefix(prefix) }
        }
        #expect(order.count == 3 && order == order.sorted(), "\(lines)")
        #expect(lines.contains { $0.contains("D1 /Documents") })
    }

    @Test("a missing directory sync is visible under the power loss that lost the rename")
    func missingDirectorySyncVisible() async throws {
        let outcome = try await Simulator(app: LostRenameApp.app()).replay([
            .launch(.user), .userAction(name: "save", scene: 1, seed: 0), .powerLoss(policy: .inOrderPrefix, seed: 0),
        ])
        let text = Timeline(records: outcome.trace).render()
        #expect(text.contains("⚠   not durable at the power loss: rename /value.tmp -> /value.txt at #1, its directory never fsynced"), "\(text)")

        let synced = try await Simulator(app: LostRenameApp.app(syncsDirectory: true)).replay([
            .launch(.user), .userAction(name: "save", scene: 1, seed: 0), .powerLoss(policy: .inOrderPrefix, seed: 0),
        ])
        #expect(!Timeline(records: synced.trace).render().contains("not durable"))
    }

    @Test("a write never fsynced is named at the power loss")
    func missingFileSyncVisible() {
        let text = Timeline(records: [
            Self.record(0, "step", "save"),
            Self.record(0, "disk /Documents", "write 12B /Documents/a.txt"),
            Self.record(1, "step", "powerLoss(inOrderPrefix, seed 0)"),
            Self.record(1, "process", "powerLoss(inOrderPrefix)"),
        ]).render()
        #expect(text.contains("not durable at the power loss: /Documents/a.txt written at #0, never fsynced"), "\(text)")
    }

    @Test("long lines wrap at spaces under their lane's text")
    func wraps() {
        let long = (1...40).map { "word\($0)" }.joined(separator: " ")
        let lines = Timeline(records: [Self.record(0, "step", "e"), Self.record(0, "history", long)], layout: .lanes(width: 80))
            .render().split(separator: "\n").map(String.init)
        let body = lines.drop { !$0.hasPrefix("    H ") }
        #expect(body.count > 3)
        #expect(body.allSatisfy { $0.count <= 80 })
        #expect(body.dropFirst().allSatisfy { $0.hasPrefix("        word") }, "\(body)")
        let words = body.flatMap { $0.split(separator: " ") }.dropFirst()  // the lane's name, then the text
        #expect(words.joined(separator: " ") == long)
    }

    @Test("--wide shows one column per lane and every cell in full")
    func wide() {
        let long = String(repeating: "x", count: 200)
        let text = Timeline(records: [Self.record(0, "step", "e"), Self.record(0, "scene S1", long), Self.record(0, "app", "didBecomeActive")],
                            layout: .wide).render()
        let lines = text.split(separator: "\n")
        #expect(lines[0].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } == ["time", "step", "event", "scene S1", "process"])
        #expect(lines[1].contains(long))
    }
}
