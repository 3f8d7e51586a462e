import Lifecycle
import ProcessHost
import Testing

/// The host's decisions as plain values: which action each signal, focus report and lease
/// outcome leads to in each phase.
@Suite("HostStateMachine")
struct HostStateMachineTests {
    private func running(ownsTerminal: Bool = true) -> HostStateMachine {
        var machine = HostStateMachine()
        _ = machine.started(ownsTerminal: ownsTerminal)
        return machine
    }

    @Test func launchTargetsActiveWhenOwningTheTerminal() {
        var machine = HostStateMachine()
        #expect(machine.started(ownsTerminal: true) == .launch(scenes: .foregroundActive))
        #expect(machine.phase == .running)
        #expect(machine.started(ownsTerminal: true) == HostStateMachine.Action.none)
    }

    @Test func launchInTheBackgroundWhenAnotherGroupOwnsTheTerminal() {
        var machine = HostStateMachine()
        #expect(machine.started(ownsTerminal: false) == .launch(scenes: .background))
    }

    @Test func stopWaitsForLeasesBeforeStopping() {
        var machine = running()
        #expect(machine.stopRequested() == .beginSuspension)
        #expect(machine.phase == .suspending)
        #expect(machine.stopRequested() == HostStateMachine.Action.none)
        #expect(machine.leasesSettled() == .stopProcess)
        #expect(machine.phase == .suspended)
        #expect(machine.leasesSettled() == HostStateMachine.Action.none)
    }

    @Test func continueAfterAStopResumesToActive() {
        var machine = running()
        _ = machine.stopRequested()
        _ = machine.leasesSettled()
        #expect(machine.continued(ownsTerminal: true) == .resume(scenes: .foregroundActive))
        #expect(machine.phase == .running)
    }

    @Test func continueInTheBackgroundStaysInTheBackgroundUntilForeground() {
        var machine = running()
        _ = machine.stopRequested()
        _ = machine.leasesSettled()
        #expect(machine.continued(ownsTerminal: false) == .resume(scenes: .background))
        #expect(machine.focusChanged(true) == HostStateMachine.Action.none)
        #expect(machine.continued(ownsTerminal: true) == .moveScenes(to: .foregroundActive))
    }

    @Test func regainingTheTerminalWithoutASignalComesBackToActive() {
        var machine = running()
        _ = machine.stopRequested()
        _ = machine.leasesSettled()
        _ = machine.continued(ownsTerminal: false)
        #expect(machine.terminalOwnershipChanged(ownsTerminal: false) == HostStateMachine.Action.none)
        #expect(machine.terminalOwnershipChanged(ownsTerminal: true) == .moveScenes(to: .foregroundActive))
    }

    @Test func ownershipChangesAreIgnoredWhileStopped() {
        var machine = running()
        _ = machine.stopRequested()
        #expect(machine.terminalOwnershipChanged(ownsTerminal: true) == HostStateMachine.Action.none)
        #expect(machine.phase == .suspending)
    }

    @Test func continueWhileWaitingForLeasesCancelsTheStop() {
        var machine = running()
        _ = machine.stopRequested()
        #expect(machine.continued(ownsTerminal: true) == .moveScenes(to: .foregroundActive))
        #expect(machine.leasesSettled() == HostStateMachine.Action.none)
    }

    @Test func spuriousContinueWhileRunningDoesNothing() {
        var machine = running()
        #expect(machine.continued(ownsTerminal: true) == HostStateMachine.Action.none)
    }

    @Test func focusMovesBetweenActiveAndInactive() {
        var machine = running()
        #expect(machine.focusChanged(false) == .moveScenes(to: .foregroundInactive))
        #expect(machine.focusChanged(false) == HostStateMachine.Action.none)
        #expect(machine.focusChanged(true) == .moveScenes(to: .foregroundActive))
    }

    @Test func focusLostWhileStoppedIsForgottenOnResume() {
        var machine = running()
        _ = machine.stopRequested()
        #expect(machine.focusChanged(false) == HostStateMachine.Action.none)
        _ = machine.leasesSettled()
        #expect(machine.continued(ownsTerminal: true) == .resume(scenes: .foregroundActive))
    }

    @Test func terminationOfARunningProcessDeliversCallbacks() {
        var machine = running()
        #expect(machine.terminationRequested() == .terminate(disconnect: false))
        #expect(machine.phase == .terminating)
        #expect(machine.terminationRequested() == .forceExit)
    }

    @Test func terminationWhileWaitingForLeasesStillDeliversCallbacks() {
        var machine = running()
        _ = machine.stopRequested()
        #expect(machine.terminationRequested() == .terminate(disconnect: false))
    }

    @Test func terminationOfASuspendedProcessHasNoCallback() {
        var machine = running()
        _ = machine.stopRequested()
        _ = machine.leasesSettled()
        #expect(machine.terminationRequested() == .exitWithoutCallbacks)
        #expect(machine.continued(ownsTerminal: true) == HostStateMachine.Action.none)
    }

    @Test func hangUpDisconnectsTheScenes() {
        var machine = running()
        #expect(machine.hungUp() == .terminate(disconnect: true))
        #expect(machine.sceneTarget == .background)
    }

    @Test func memoryWarningsAndRedrawsOnlyReachARunningApp() {
        var machine = running()
        #expect(machine.memoryWarning() == .deliverMemoryWarning)
        #expect(machine.resized() == .redraw)
        _ = machine.stopRequested()
        _ = machine.leasesSettled()
        #expect(machine.memoryWarning() == HostStateMachine.Action.none)
        #expect(machine.resized() == HostStateMachine.Action.none)
    }
}
