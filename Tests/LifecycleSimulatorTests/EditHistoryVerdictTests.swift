import Lifecycle
@testable import LifecycleSimulator
import LifelineHistory
import Testing

@Suite("EditHistory verdicts")
@MainActor
struct EditHistoryVerdictTests {
    let history = EditHistory()
    let query1 = HistoryKey("query", scene: SceneSessionID("S1"))
    let query2 = HistoryKey("query", scene: SceneSessionID("S2"))

    @Test("a field showing another scene's newest value is a leak naming the field, both scenes and both values")
    func leak() {
        history.recordEdit(query1, value: "austen", persistence: .restorable, incarnation: 1, step: 1)
        history.recordEdit(query2, value: "emma", persistence: .restorable, incarnation: 1, step: 2)
        let verdict = history.verdict(for: query1, shows: "emma", expected: .some("austen"), live: true, step: 2)
        #expect(verdict.kind == .crossSceneLeak)
        #expect(verdict.message == "the query of scene S1 shows \"emma\", which is the query of scene S2 (set at step 2); "
            + "scene S1's own query is the user's latest edit \"austen\"")
    }

    @Test("an emptied field is a leak only when another scene emptied the same field in this very step")
    func emptiedField() {
        history.recordEdit(query1, value: "austen", persistence: .restorable, incarnation: 1, step: 1)
        history.recordEdit(query2, value: nil, persistence: .restorable, incarnation: 1, step: 3)
        #expect(history.verdict(for: query1, shows: nil, expected: .some("austen"), live: true, step: 3).kind == .crossSceneLeak)
        #expect(history.verdict(for: query1, shows: nil, expected: .some("austen"), live: true, step: 4).kind == .lostLiveEdit)
    }

    @Test("a value the field had itself, and no other scene holds, is a lost edit")
    func ownOlderValue() {
        history.recordEdit(query1, value: "austen", persistence: .restorable, incarnation: 1, step: 1)
        history.recordEdit(query1, value: "emma", persistence: .restorable, incarnation: 1, step: 2)
        history.recordEdit(query2, value: "pride", persistence: .restorable, incarnation: 1, step: 3)
        let verdict = history.verdict(for: query1, shows: "austen", expected: .some("emma"), live: true, step: 3)
        #expect(verdict.kind == .lostLiveEdit)
        #expect(verdict.message == "query@S1 shows \"austen\" instead of the user's latest edit \"emma\"")
    }
}
