import Foundation
import LifecycleSimulator
import Testing

/// What tells two failures of a search apart, and how a trap's standard error becomes a finding.
@Suite("Bug signatures and traps")
struct BugSignatureTests {
    /// An outcome of `events` that broke `violation` (built as a trapped run's, then changed).
    func outcome(_ violation: Violation, events: [SimulationEvent], trap: AppTrap? = nil) -> ScheduleOutcome {
        var outcome = ScheduleOutcome.trapped(seed: 1, events: events, trap: AppTrap(message: "", frame: nil, signal: 4, step: 0))
        outcome.violation = violation
        outcome.trap = trap
        return outcome
    }

    @Test("the same key in two scenes with two values is one site; a loss is exposed by the death before it, else by its step")
    func siteFoldsValuesAndScenes() {
        let events: [SimulationEvent] = [.launch(.user), .userAction(name: "edit note", scene: 1, seed: 3), .kill]
        let first = outcome(
            Violation(kind: .lostAcknowledgedEdit, message: #"note@S1 shows "S1 note 12" instead of the acknowledged "S1 note 99""#, step: 2),
            events: events
        )
        let second = outcome(
            Violation(kind: .lostAcknowledgedEdit, message: #"note@S2 shows nothing instead of the acknowledged "S2 note 7""#, step: 2),
            events: events
        )
        #expect(BugSignature(first) == BugSignature(second))
        #expect(BugSignature(first) == BugSignature(kind: .lostAcknowledgedEdit, site: "note@S#", exposedBy: "kill"))
        var afterPowerLoss = first
        afterPowerLoss.events[2] = .crashDuringNextStep(atOperation: 1, death: .powerLoss(policy: .inOrderPrefix, seed: 0))
        #expect(BugSignature(afterPowerLoss).exposedBy == "power loss")
        var atAction = first
        atAction.violation?.step = 1
        #expect(BugSignature(atAction).exposedBy == "userAction(edit note)")
        var atFinalCheck = first
        atFinalCheck.events.removeLast()
        atFinalCheck.violation?.step = -1
        #expect(BugSignature(atFinalCheck).exposedBy == "final check")
        var leak = first
        leak.violation = Violation(kind: .secretLeak, message: "a canary secret reached the file /Library/Preferences/p.txt", step: 1)
        #expect(BugSignature(leak).exposedBy == "any event")
        var otherKey = first
        otherKey.violation?.message = #"selection@S1 shows "B3" instead of the acknowledged "B2""#
        #expect(BugSignature(otherKey) != BugSignature(first))
    }

    @Test("a trap is read from the runtime's message and the backtrace's first frame outside the Swift runtime")
    func trapFromStandardError() {
        let standardError = """
            Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range

            *** Signal 4: Backtracing from 0x7fa57916df7f... done ***

            *** Program crashed: Illegal instruction at 0x00007fa57916df7f ***

            Thread 0 "lifecycle-check" crashed:

              0      0x00007fa57916df7f closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) + 623 in libswiftCore.so
              1 [ra] 0x00007fa5792f961f _assertionFailure(_:_:file:line:flags:) + 302 in libswiftCore.so
              2 [ra] 0x00007fa579901f65 specialized Array.subscript.getter + 84 in libswiftSwiftOnoneSupport.so
              3 [ra] 0x000055b9e3fab201 ExampleListScroller.scrollToSelection(in:) + 64 in lifecycle-check at /src/Sources/SimulatorExample/ExampleListScroller.swift:33:27
              4 [ra] 0x000055b9e3fab492 ExampleSceneController.sceneWillResignActive(_:) + 305 in lifecycle-check at /src/Sources/SimulatorExample/ExampleSceneController.swift:97:9
            ...
            """
        let trap = AppTrap(standardError: standardError, signal: 4, step: 6)
        #expect(trap.message == "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range")
        #expect(trap.frame == "ExampleListScroller.scrollToSelection(in:) at ExampleListScroller.swift:33")
        let bare = AppTrap(standardError: "", signal: 11, step: 0)
        #expect(bare.message == "killed by signal 11 (segmentation fault)" && bare.frame == nil)
        // An optimized build says no message; with or without the backtracer, the message is the signal.
        let optimized = AppTrap(standardError: "*** Program crashed: Illegal instruction at 0x00007fa57916df7f ***", signal: 4, step: 0)
        #expect(optimized.message == "killed by signal 4 (illegal instruction)")
    }

    @Test("a trap with a known frame is one bug whatever event led to it; its trace hash depends only on the trap")
    func trapSignature() {
        let trap = AppTrap(message: "Fatal error: Index out of range", frame: "Model.row(at:) at Model.swift:12", signal: 4, step: 1)
        let byKill = ScheduleOutcome.trapped(seed: 1, events: [.launch(.user), .kill], trap: trap)
        let byAction = ScheduleOutcome.trapped(seed: 2, events: [.launch(.user), .userAction(name: "a", scene: 1, seed: 0)], trap: trap)
        #expect(BugSignature(byKill) == BugSignature(byAction))
        #expect(BugSignature(byKill).site == "Fatal error: Index out of range (in Model.row(at:) at Model.swift:12)")
        #expect(byKill.traceHash == byAction.traceHash)
        #expect(byKill.violation?.kind == .appCrash && byKill.violation?.step == 1)
    }

    @Test("a loss after a power loss of a key whose store promises only to survive a kill is excused, and only that")
    func promisesExcuseOnlyPowerLoss() {
        let loss = Violation(kind: .lostAcknowledgedEdit, message: #"note@S1 shows nothing instead of the acknowledged "x""#, step: 2)
        let afterPowerLoss = outcome(loss, events: [.launch(.user), .userAction(name: "edit note", scene: 1, seed: 0), .powerLoss(policy: .inOrderPrefix, seed: 0)])
        let afterKill = outcome(loss, events: [.launch(.user), .userAction(name: "edit note", scene: 1, seed: 0), .kill])
        let excused = StorePromise.judged(afterPowerLoss, promises: ["note": .survivesKill])
        #expect(excused.passed && excused.excused == loss)
        #expect(!StorePromise.judged(afterKill, promises: ["note": .survivesKill]).passed)
        #expect(!StorePromise.judged(afterPowerLoss, promises: ["note": .survivesPowerLoss]).passed)
        #expect(!StorePromise.judged(afterPowerLoss, promises: ["draft": .survivesKill]).passed)
    }
}
