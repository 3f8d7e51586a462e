import Lifecycle
@testable import LifecycleSimulator
import Testing

@Suite("EventRefusal")
struct EventRefusalTests {
    /// One refusal of every case (and every requirement of a scene's state).
    static let everyRefusal: [EventRefusal] = [
        .runStopped, .processAlive(suspended: false), .processAlive(suspended: true), .processNotRunning, .processSuspended,
        .alreadySuspended, .noSuchLink(index: 9, count: 2), .slotOutOfRange(slot: 5, slots: 3), .sceneConnected(slot: 1),
        .sceneNotConnected(slot: 2), .sceneNot(.active, slot: 1, state: .background),
        .sceneNot(.inForeground, slot: 1, state: .background), .sceneNot(.inBackground, slot: 1, state: .foregroundActive),
        .sceneNot(.notActive, slot: 1, state: .foregroundActive), .noRestorationPayload(slot: 1),
        .noSuchMutation(index: 3, count: 1), .noSession(slot: 2), .sessionInUse(slot: 1), .noSuchAction(name: "fly"),
        .actionDisabled(name: "edit", slot: 1), .holdsBackgroundTime, .sceneInForeground, .noSuchOperation(0), .crashArmed,
        .noPendingRequest(identifier: "refresh"), .requestNotDue(identifier: "refresh", earliestBegin: 900, now: 100),
        .taskRunning(identifier: "refresh"), .taskNotRunning(identifier: "refresh"), .noExtraTimeLease,
        .advanceNotForward(milliseconds: 0), .jumpNotForward(hours: -1), .damageWhileRunning, .noFileToDamage,
        .serviceDown(service: "library", outage: .refused), .serviceUp(service: "library"), .storageFull, .storageNotFull,
    ]

    @Test("every refusal says why in its own words")
    func everyRefusalHasAMessage() {
        let messages = Self.everyRefusal.map(\.description)
        for (refusal, message) in zip(Self.everyRefusal, messages) {
            #expect(!message.isEmpty && !message.contains("precondition"), "\(refusal)")
        }
        #expect(Set(messages).count == messages.count, "two refusals read the same")
    }

    @Test("a refusal names the slot, the action, the request or the service it is about")
    func messagesNameTheirSubject() {
        #expect(EventRefusal.sceneNot(.active, slot: 2, state: .background).description == "scene 2 is not active (it is background)")
        #expect(EventRefusal.actionDisabled(name: "edit note", slot: 1).description.contains("\"edit note\""))
        #expect(EventRefusal.requestNotDue(identifier: "r", earliestBegin: 900_100, now: 100).description
            == "the request's earliest begin is t+900100ms; the device is at t+100ms")
        #expect(EventRefusal.serviceDown(service: "library", outage: .noAnswer).description.hasPrefix("library is already down"))
    }
}
