@testable import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import Testing

@Suite("WindowState restoration")
@MainActor
struct WindowRestorationTests {
    let state = WindowState(
        query: "tale", selection: TestBooks.twoCities.id,
        navigation: NavigationState(path: [.book(TestBooks.twoCities.id), .notes(TestBooks.twoCities.id)])
    )
    let schema = WindowState.restoration

    func payload(_ state: WindowState) throws -> Data {
        try schema.encode(state, writtenAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test("a window state survives the round trip through its payload")
    func roundTrip() throws {
        let restored = schema.restore(from: try payload(state))
        #expect(restored.outcome == .restored)
        #expect(restored.state == state)
    }

    @Test("no payload is a fresh window, not a problem")
    func nothingStored() {
        let restored = schema.restore(from: nil)
        #expect(restored.outcome == .nothingStored)
        #expect(restored.state == WindowState())
    }

    @Test("truncated, random, oversized and tampered payloads give a fresh window and say why")
    func refusesDamagedPayloads() throws {
        let good = try payload(state)
        var tampered = good
        tampered[tampered.count / 2] ^= 0x20
        for damaged in [good.prefix(good.count / 2), Data((0..<64).map { UInt8($0 * 7 % 256) }), Data(count: 40_000), tampered] {
            let restored = schema.restore(from: damaged)
            #expect(restored.outcome == .defaulted)
            #expect(restored.problem != nil)
            #expect(restored.state == WindowState())
        }
    }

    @Test("a payload from a newer schema is refused rather than misread")
    func refusesNewerSchema() throws {
        let newer = RestorationSchema<WindowState>(version: WindowState.schemaVersion + 1, default: WindowState())
        let restored = schema.restore(from: try newer.encode(state, writtenAt: Date()))
        #expect(restored.outcome == .defaulted)
    }

    @Test("a malformed book identifier makes the state unusable; an over-long path is trimmed with a message")
    func validatesContent() throws {
        struct LooseState: Codable {
            var query: String
            var selection: String?
            var navigation: NavigationState<AppRoute>
        }
        let loose = RestorationSchema<LooseState>(
            version: WindowState.schemaVersion,
            default: LooseState(query: "", navigation: NavigationState())
        )
        let injected = try loose.encode(
            LooseState(query: "", selection: "../../etc/passwd", navigation: NavigationState()), writtenAt: Date()
        )
        #expect(schema.restore(from: injected).outcome == .defaulted)

        let long = WindowState(navigation: NavigationState(path: Array(repeating: .basket, count: 40)))
        let trimmed = schema.restore(from: try payload(long))
        #expect(trimmed.outcome == .repaired)
        #expect(trimmed.state.navigation.path.count == WindowState.maximumPathLength)
        #expect(trimmed.recoveryMessages.first?.contains("first \(WindowState.maximumPathLength) screens") == true)
    }
}
