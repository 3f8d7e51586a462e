import Lifecycle

/// The decisions of ``ProcessHost``, separated from their effects: each event method updates the
/// state and returns the ``Action`` the host must perform. No signal, terminal or runtime is
/// touched here, so every rule is testable as plain values.
///
/// Rules:
/// - Scenes follow one target: foreground active when running, owning the terminal and focused;
///   foreground inactive when unfocused; background otherwise.
/// - A stop request backgrounds the scenes and waits for extra-time leases; only then does the
///   process stop. A continue before that cancels the stop.
/// - A process resumed without owning the terminal (`bg`) stays in the background until it owns
///   the terminal again (`fg`, noticed by the host without a signal).
/// - Termination of a running process brings the scenes down (hang-up disconnects them), then
///   `willTerminate`. Termination of a suspended process gets no callback at all, as on iOS.
/// - A second termination request while terminating forces the exit.
///
/// A value type owned by its ``ProcessHost``.
package struct HostStateMachine: Sendable, Equatable {
    /// Where the process is in its life.
    package enum Phase: Sendable, Equatable {
        /// Signal sources are being armed; nothing is launched yet.
        case starting
        /// Launched and executing.
        case running
        /// Scenes are in the background; waiting for extra-time leases before stopping.
        case suspending
        /// Stopped for real (or about to be): no app code runs.
        case suspended
        /// Ending: callbacks delivered or being delivered, exit follows.
        case terminating
    }

    /// What the host must do after an event.
    package enum Action: Sendable, Equatable {
        /// Nothing.
        case none
        /// Enter the terminal if the target is foreground, launch, connect the scenes, move them to
        /// the target.
        case launch(scenes: SceneState)
        /// Move every connected scene to the given state (entering or leaving the terminal to match).
        case moveScenes(to: SceneState)
        /// Pause input, move scenes to the background, give the terminal back, wait for leases.
        case beginSuspension
        /// Leases have ended: `.suspend`, then stop the process for real.
        case stopProcess
        /// Continued after a stop: `.resume`, then move scenes to the given state.
        case resume(scenes: SceneState)
        /// End a running process: scenes down (disconnected when `disconnect`), `willTerminate`,
        /// wait for cancelled work within the grace period, exit.
        case terminate(disconnect: Bool)
        /// End without any callback (the process was suspended or never launched).
        case exitWithoutCallbacks
        /// End at once: a second request while terminating.
        case forceExit
        /// Deliver a memory warning.
        case deliverMemoryWarning
        /// Tell the app to redraw.
        case redraw
    }

    /// The current phase.
    package private(set) var phase: Phase = .starting
    /// The terminal's focus as last reported (assumed focused until told otherwise).
    package private(set) var isFocused = true
    /// Whether this process group owns the terminal (always true without a terminal).
    package private(set) var ownsTerminal = true

    /// Creates a machine in ``Phase/starting``.
    package init() {}

    /// The state every connected scene should be in now.
    package var sceneTarget: SceneState {
        guard phase == .running, ownsTerminal else { return .background }
        return isFocused ? .foregroundActive : .foregroundInactive
    }

    /// The signal sources are armed: launch.
    package mutating func started(ownsTerminal: Bool) -> Action {
        guard phase == .starting else { return .none }
        self.ownsTerminal = ownsTerminal
        phase = .running
        return .launch(scenes: sceneTarget)
    }

    /// `SIGTSTP`: the user leaves the app.
    package mutating func stopRequested() -> Action {
        guard phase == .running else { return .none }
        phase = .suspending
        return .beginSuspension
    }

    /// No extra-time lease is left (or the lease budget ran out).
    package mutating func leasesSettled() -> Action {
        guard phase == .suspending else { return .none }
        phase = .suspended
        return .stopProcess
    }

    /// `SIGCONT`, with whether the process group now owns the terminal.
    package mutating func continued(ownsTerminal: Bool) -> Action {
        let before = sceneTarget
        self.ownsTerminal = ownsTerminal
        switch phase {
        case .suspended:
            phase = .running
            isFocused = true
            return .resume(scenes: sceneTarget)
        case .suspending:
            phase = .running
            isFocused = true
            return .moveScenes(to: sceneTarget)
        case .running:
            if ownsTerminal, before == .background { isFocused = true }
            return sceneTarget == before ? .none : .moveScenes(to: sceneTarget)
        case .starting, .terminating:
            return .none
        }
    }

    /// The host noticed, without a signal, whether the process group owns the terminal: `fg` on a
    /// job that runs in the background gives it the terminal but sends no `SIGCONT`.
    package mutating func terminalOwnershipChanged(ownsTerminal: Bool) -> Action {
        guard phase == .running else { return .none }
        return continued(ownsTerminal: ownsTerminal)
    }

    /// The terminal reported focus in (`true`) or out (`false`).
    package mutating func focusChanged(_ focused: Bool) -> Action {
        let before = sceneTarget
        isFocused = focused
        guard phase == .running, sceneTarget != before else { return .none }
        return .moveScenes(to: sceneTarget)
    }

    /// `SIGTERM`, `SIGINT`, `SIGQUIT` or the app's own quit.
    package mutating func terminationRequested() -> Action {
        endRequested(disconnect: false)
    }

    /// `SIGHUP`: the terminal is gone.
    package mutating func hungUp() -> Action {
        ownsTerminal = false
        return endRequested(disconnect: true)
    }

    /// `SIGUSR1` or the system's memory-pressure source.
    package mutating func memoryWarning() -> Action {
        phase == .running || phase == .suspending ? .deliverMemoryWarning : .none
    }

    /// `SIGWINCH`.
    package mutating func resized() -> Action {
        phase == .running ? .redraw : .none
    }

    private mutating func endRequested(disconnect: Bool) -> Action {
        switch phase {
        case .running, .suspending:
            phase = .terminating
            return .terminate(disconnect: disconnect)
        case .starting, .suspended:
            phase = .terminating
            return .exitWithoutCallbacks
        case .terminating:
            return .forceExit
        }
    }
}
