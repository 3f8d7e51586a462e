import Dispatch
import Lifecycle

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The effects of ``HostStateMachine`` actions: launch, scene moves, suspension, resumption and
/// termination. Terminal ownership follows the scenes: the terminal mode is entered before scenes
/// come to the foreground and given back after they leave it.
extension ProcessHost {
    /// How often a suspension checks for extra-time leases, and termination for cancelled work.
    static let pollInterval: Duration = .milliseconds(5)
    /// Slack after the lease budget, so the runtime's own lease deadline fires first.
    static let leaseSlack: Duration = .milliseconds(100)
    /// How often a process running in the background checks whether it owns the terminal again.
    static let ownershipPollInterval: Duration = .milliseconds(200)

    func launch(scenes target: SceneState) {
        if target.isForeground { terminal.enter() }
        startInput(reading: target.isForeground)
        send(.launch(configuration.launchOptions))
        for session in configuration.sessions {
            connect(session, options: configuration.connectionOptions, target: target)
        }
    }

    func connect(_ session: SceneSession, options: ConnectionOptions, target: SceneState) {
        guard send(.connectScene(session, options, foreground: target.isForeground)) else { return }
        sceneOrder.append(session.id)
        if target == .foregroundActive { send(.moveScene(session.id, to: .foregroundActive)) }
    }

    /// Moves every connected scene to `target`: up in connection order, down in reverse.
    func moveScenes(to target: SceneState) {
        if target.isForeground {
            terminal.enter()
            inputReader?.resume()
        }
        sceneOrder.removeAll { runtime.scenes[$0] == nil }
        let upward = sceneOrder.contains { (runtime.scenes[$0]?.state ?? target) < target }
        for id in upward ? sceneOrder : sceneOrder.reversed() {
            guard let scene = runtime.scenes[id], scene.state != target else { continue }
            send(.moveScene(id, to: target))
        }
        if !target.isForeground {
            inputReader?.pause()
            terminal.leave()
        }
    }

    func beginSuspension() {
        suspensionGeneration += 1
        let generation = suspensionGeneration
        moveScenes(to: .background)
        let deadline = clock.now.advanced(by: budgets.extraTime + Self.leaseSlack)
        clock.schedule(at: clock.now) { [weak self] in
            self?.waitForLeases(generation: generation, deadline: deadline, reported: false)
        }
    }

    private func waitForLeases(generation: Int, deadline: LifelineInstant, reported: Bool) {
        guard machine.phase == .suspending, generation == suspensionGeneration else { return }
        let leases = runtime.extraTimeLeases
        if leases.isEmpty || clock.now >= deadline {
            if !leases.isEmpty {
                let names = leases.map(\.name).joined(separator: ", ")
                logger.warning("Stopping with extra-time leases still held after their budget: \(names, privacy: .public).")
            }
            perform(machine.leasesSettled())
            return
        }
        if !reported {
            let names = leases.map(\.name).joined(separator: ", ")
            logger.info("Waiting for extra-time leases before stopping: \(names, privacy: .public).")
        }
        clock.schedule(after: Self.pollInterval) { [weak self] in
            self?.waitForLeases(generation: generation, deadline: deadline, reported: true)
        }
    }

    func stopProcess() {
        suspensionGeneration += 1
        if !send(.suspend) {
            logger.warning("The runtime refused to suspend; the process stops anyway.")
        }
        fflush(nil)
        kill(getpid(), SIGSTOP)
        // Execution continues here after SIGCONT; its signal source resumes the lifecycle.
    }

    func resume(scenes target: SceneState) {
        if runtime.processState == .suspended { send(.resume) }
        let due = grantsDueAfterResume
        grantsDueAfterResume.removeAll()
        for identifier in due { grant(identifier) }
        moveScenes(to: target)
    }

    func terminate(disconnect: Bool) {
        let grace = configuration.effectiveTerminationGrace
        TerminationWatchdog.arm(after: grace + .seconds(1))
        let deadline = clock.now.advanced(by: grace)
        suspensionGeneration += 1
        for timer in grantTimers.values { timer.cancel() }
        grantTimers.removeAll()
        inputReader?.pause()
        if runtime.processState == .running {
            if disconnect {
                for id in sceneOrder.reversed() where runtime.scenes[id] != nil {
                    send(.disconnectScene(id))
                }
                sceneOrder.removeAll()
            } else {
                moveScenes(to: .background)
            }
            terminal.leave()
            send(.terminate)
        }
        terminal.leave()
        clock.schedule(at: clock.now) { [weak self] in
            self?.waitForWork(deadline: deadline)
        }
    }

    /// After `willTerminate` the runtime has cancelled every scope; waits for those tasks to
    /// return, within the grace period, then exits.
    private func waitForWork(deadline: LifelineInstant) {
        if runtime.tracker.liveTasks.isEmpty {
            finish(status: EXIT_SUCCESS)
        } else if clock.now >= deadline {
            let labels = runtime.tracker.liveTasks.values.sorted().joined(separator: ", ")
            logger.error("Termination grace period ran out with work still running: \(labels, privacy: .public).")
            finish(status: TerminationWatchdog.overrunStatus)
        } else {
            clock.schedule(after: Self.pollInterval) { [weak self] in
                self?.waitForWork(deadline: deadline)
            }
        }
    }

    /// While running in the background of an interactive terminal (after `bg`, or launched with
    /// `&`), checks a few times a second whether the process group owns the terminal again: `fg`
    /// on a running job sends no signal.
    func watchTerminalOwnershipIfNeeded() {
        guard !isWatchingTerminalOwnership, terminal.isInteractive, machine.phase == .running, !machine.ownsTerminal
        else { return }
        isWatchingTerminalOwnership = true
        clock.schedule(after: Self.ownershipPollInterval) { [weak self] in
            guard let self else { return }
            self.isWatchingTerminalOwnership = false
            if self.terminal.ownsForeground {
                self.perform(self.machine.terminalOwnershipChanged(ownsTerminal: true))
            } else {
                self.watchTerminalOwnershipIfNeeded()
            }
        }
    }

    /// Gives the terminal back, flushes output and ends the process.
    func finish(status: Int32) -> Never {
        inputReader?.cancel()
        memoryMonitor?.cancel()
        terminal.leave()
        fflush(nil)
        exit(status)
    }
}
