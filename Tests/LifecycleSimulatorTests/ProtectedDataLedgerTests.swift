import DurableState
@testable import LifecycleSimulator
import Testing

/// The two rules of the locked device's checks, on the ledger itself: nothing written over a file
/// whose read was refused, and refused writes made again once the process knows of the unlock.
@Suite("ProtectedDataLedger")
struct ProtectedDataLedgerTests {
    func refusal(_ path: String, _ protection: DataProtection = .complete, access: ProtectedDataAccess = .openExisting) -> ProtectedDataUnavailable {
        ProtectedDataUnavailable(item: path, protection: protection, access: access, deviceState: .locked)
    }

    @Test("a write over a file whose read was refused is kept with the path, the class, the state and the step; a read in between clears it")
    func writeOverUnreadData() throws {
        let ledger = ProtectedDataLedger()
        ledger.setStep(3)
        ledger.refused(refusal("/data/shelf.json"), writing: false)
        ledger.wrote("/data/other.json")
        #expect(ledger.takeOverwrite() == nil)
        ledger.wrote("/data/shelf.json")
        let overwrite = try #require(ledger.takeOverwrite())
        #expect(overwrite.path == "/data/shelf.json")
        #expect(overwrite.circumstances == "its class complete, the device locked, at step 3")
        #expect(ledger.takeOverwrite() == nil)

        ledger.refused(refusal("/data/list.json"), writing: false)
        ledger.read("/data/list.json")
        ledger.wrote("/data/list.json")
        #expect(ledger.takeOverwrite() == nil)
    }

    @Test("a durable replace moving its target onto an unread backup is no write over it")
    func backupRotation() {
        let ledger = ProtectedDataLedger()
        ledger.refused(refusal("/data/prefs.bak", .completeUntilFirstUserAuthentication), writing: false)
        ledger.wrote("/data/prefs.bak", rotatesBackup: true)
        #expect(ledger.takeOverwrite() == nil)
        ledger.wrote("/data/prefs.bak")
        #expect(ledger.takeOverwrite()?.path == "/data/prefs.bak")
    }

    @Test("a refused write of a temporary file stands for its target; it is lost only once the process heard of the unlock, and a write of the target makes it")
    func deferredWrites() {
        let ledger = ProtectedDataLedger()
        ledger.setStep(1)
        ledger.refused(refusal("/data/.shelf.json.2.tmp", access: .createNew), writing: true)
        #expect(ledger.lostWork() == nil)
        ledger.heardOfUnlock()
        #expect(ledger.lostWork()?.path == "/data/shelf.json")
        ledger.wrote("/data/.shelf.json.3.tmp")
        #expect(ledger.lostWork()?.path == "/data/shelf.json")
        ledger.wrote("/data/shelf.json")
        #expect(ledger.lostWork() == nil)
    }

    @Test("a new process starts with nothing refused")
    func newProcess() {
        let ledger = ProtectedDataLedger()
        ledger.refused(refusal("/data/a.json"), writing: false)
        ledger.refused(refusal("/data/b.json"), writing: true)
        ledger.heardOfUnlock()
        ledger.begin()
        ledger.wrote("/data/a.json")
        #expect(ledger.takeOverwrite() == nil)
        #expect(ledger.lostWork() == nil)
    }
}
