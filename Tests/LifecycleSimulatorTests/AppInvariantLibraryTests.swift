import DurableState
import Lifecycle
import LifecycleSimulator
import Testing

/// What the ready-made invariants look at, set by each test.
@MainActor
final class InvariantSubject {
    final class Model {}
    var models: [ScreenModel] = []
    var edits: [ScreenEdit] = []
    var records: [CreatedRecord] = []
    var indicators: [SaveIndicator] = []
    var references: [ShownReference] = []
    var dropped: [DroppedIdentifier] = []
    var sessions: [SessionState] = []
    var writes: [StoreWrite] = []
}

@Suite("Ready-made invariants")
@MainActor
struct AppInvariantLibraryTests {
    let subject = InvariantSubject()
    let s1 = SceneSessionID("S1")
    let s2 = SceneSessionID("S2")

    @Test("one model on the screens of two scenes is reported with both scenes and the model's type")
    func sharedModel() {
        let invariant = AppInvariant<InvariantSubject>.oneScenePerScreenModel { $0.models }
        let shared = InvariantSubject.Model()
        subject.models = [
            ScreenModel(scene: s1, role: "search", model: shared), ScreenModel(scene: s1, role: "editor", model: InvariantSubject.Model()),
            ScreenModel(scene: s1, role: "search again", model: shared),
        ]
        #expect(invariant.check(subject) == nil)
        subject.models.append(ScreenModel(scene: s2, role: "search", model: shared))
        #expect(invariant.name == "one scene per screen model")
        #expect(invariant.check(subject) == "scene S2's search model is scene S1's search model (one Model serves both): what one window does shows in the other")
    }

    @Test("an edit a screen still holds is reported once its scene is no longer active")
    func screenHoldsEdit() {
        let invariant = AppInvariant<InvariantSubject>.screenEditsReachModel { $0.edits }
        subject.edits = [ScreenEdit(scene: s1, field: "note editor", shown: "typed", model: nil, isSceneActive: true)]
        #expect(invariant.check(subject) == nil)
        subject.edits[0].isSceneActive = false
        #expect(invariant.check(subject)?.contains("its note editor shows \"typed\", but the model beneath holds nil") == true)
        subject.edits[0].model = "typed"
        #expect(invariant.check(subject) == nil)
    }

    @Test("a record created for an empty value is reported")
    func emptyRecord() {
        let invariant = AppInvariant<InvariantSubject>.noRecordCreatedEmpty { $0.records }
        subject.records = [CreatedRecord(kind: "basket", id: "B1", isEmpty: false)]
        #expect(invariant.check(subject) == nil)
        subject.records.append(CreatedRecord(kind: "basket", id: "B2", isEmpty: true))
        #expect(invariant.check(subject) == "basket record B2 was created for an empty value")
    }

    @Test("a saved indicator with an edit not written is reported")
    func savedIndicator() {
        let invariant = AppInvariant<InvariantSubject>.savedMeansWritten { $0.indicators }
        subject.indicators = [SaveIndicator(name: "the note", saysSaved: false, hasUnwrittenChanges: true)]
        #expect(invariant.check(subject) == nil)
        subject.indicators[0].saysSaved = true
        #expect(invariant.check(subject) == "the note says saved with an edit not written")
    }

    @Test("a scene showing a record that does not exist is reported")
    func missingRecord() {
        let invariant = AppInvariant<InvariantSubject>.shownRecordsExist { $0.references }
        subject.references = [ShownReference(scene: s2, field: "selection", id: "B9", exists: true)]
        #expect(invariant.check(subject) == nil)
        subject.references[0].exists = false
        #expect(invariant.check(subject) == "scene S2's selection shows B9, which does not exist")
    }

    @Test("an identifier dropped while its record exists is reported with the failure behind it; one whose record is gone is not")
    func droppedIdentifier() {
        let invariant = AppInvariant<InvariantSubject>.restorableIdsSurviveTransientFailures { $0.dropped }
        #expect(invariant.name == "restorable ids survive transient failures")
        subject.dropped = [DroppedIdentifier(scene: s1, field: "selection", id: "withdrawn", recordExists: false)]
        #expect(invariant.check(subject) == nil)
        subject.dropped.append(DroppedIdentifier(
            scene: s1, field: "path", id: "OL7W", recordExists: true, lookupFailure: "no answer within 10.0 seconds"
        ))
        #expect(invariant.check(subject)
            == "scene S1 dropped OL7W from its path, but the record exists: its lookup failed (no answer within 10.0 seconds), and the failure was read as “not found”")
        subject.dropped[1].lookupFailure = nil
        #expect(invariant.check(subject) == "scene S1 dropped OL7W from its path, but the record exists: its source never said it is gone")
    }

    @Test("a user shown signed out while the token is still stored is reported once the session settled")
    func signedOutWithTokenStored() {
        let invariant = AppInvariant<InvariantSubject>.signedInSurvivesProtectedData { $0.sessions }
        subject.sessions = [SessionState(account: "ada", tokenStored: true, showsSignedIn: false, isSettled: false)]
        #expect(invariant.check(subject) == nil)
        subject.sessions[0].isSettled = true
        #expect(invariant.check(subject) == "ada is shown signed out while its token is still in the keychain: a token that could not be read now was taken for none")
        subject.sessions[0].tokenStored = false
        #expect(invariant.check(subject) == nil)
    }

    @Test("a write after a load that could not read the store is reported with why")
    func writeOverUnreadData() {
        let invariant = AppInvariant<InvariantSubject>.nothingSavedOverUnreadData { $0.writes }
        subject.writes = [StoreWrite(store: "notes.json", lastLoad: .loaded)]
        #expect(invariant.check(subject) == nil)
        let refusal = ProtectedDataUnavailable(item: "/notes.json", protection: .complete, access: .openExisting, deviceState: .locked)
        subject.writes.append(StoreWrite(store: "notes.json", lastLoad: .unreadable(path: "/notes.json", cause: .protectedDataUnavailable(refusal))))
        #expect(invariant.check(subject) == "notes.json was written after a load that did not read it: its protection class kept it closed (complete, the device locked)")
    }
}
