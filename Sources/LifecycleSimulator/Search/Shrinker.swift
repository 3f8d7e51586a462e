/// Reduces a failing schedule to a minimal legal one that fails the same way: deletes spans of
/// events (halves, quarters… single events, as ddmin does, then every adjacent pair), then
/// simplifies each remaining event (smaller waits, seed 0, a kill instead of a power loss, no
/// payload damage, the first scene slot, a friendlier outage; a crash in the middle of a step
/// becomes a plain crash after the step before it), repeating until nothing more can go. A
/// candidate is kept when it fails with the same kind at the same site (``BugSignature``): the
/// same bug, not another one the deletions uncovered. Every candidate is replayed from scratch; events
/// whose preconditions no longer hold are skipped by the replay and dropped, so the result is a
/// legal schedule.
///
/// A value used on the main actor by ``Explorer``; usable alone.
@MainActor
public struct Shrinker<Incarnation: AnyObject> {
    /// The simulator candidates replay on.
    public var simulator: Simulator<Incarnation>
    /// The most replays to spend.
    public var budget: Int

    /// Creates a shrinker.
    public init(simulator: Simulator<Incarnation>, budget: Int = 3_000) {
        self.simulator = simulator
        self.budget = budget
    }

    /// Shrinks `failure` (an outcome with a violation); returns the smallest failing outcome
    /// found and the replays spent.
    public func shrink(_ failure: ScheduleOutcome) async -> (outcome: ScheduleOutcome, runs: Int) {
        await shrink(failure, on: InProcessRunner(simulator: simulator))
    }

    /// Shrinks `failure`, every candidate run by `runner` (a worker process for a trap: each
    /// candidate that traps ends its worker, and the next runs in a fresh one).
    package func shrink(_ failure: ScheduleOutcome, on runner: any ScheduleRunner) async -> (outcome: ScheduleOutcome, runs: Int) {
        guard let violation = failure.violation else { return (failure, 0) }
        let kind = violation.kind
        let site = BugSignature.site(of: violation, trap: failure.trap)
        var best = failure
        var runs = 0
        var pacing = SearchPacing()
        func attempt(_ events: [SimulationEvent]) async -> ScheduleOutcome? {
            guard runs < budget, events != best.events else { return nil }
            runs += 1
            await pacing.yieldIfDue()
            let outcome = await runner.replay(events, seed: failure.seed)
            guard let found = outcome.violation, found.kind == kind else { return nil }
            if let trap = outcome.trap, trap.frame == nil, let original = failure.trap {
                // A worker without the backtracer: the message is all there is to compare.
                return trap.message == original.message ? outcome : nil
            }
            return BugSignature.site(of: found, trap: outcome.trap) == site ? outcome : nil
        }
        var progressed = true
        while progressed, runs < budget {
            progressed = false
            var size = max(1, best.events.count / 2)
            while size >= 1, runs < budget {
                var start = 0
                while start < best.events.count, runs < budget {
                    var candidate = best.events
                    candidate.removeSubrange(start..<min(best.events.count, start + size))
                    if let smaller = await attempt(candidate), smaller.events.count < best.events.count {
                        best = smaller
                        progressed = true
                    } else {
                        start += size
                    }
                }
                size /= 2
            }
            // Neighbours that only go together (open a screen, then go back) straddle the
            // halving spans' boundaries half the time: try every adjacent pair too.
            var pair = 0
            while pair + 1 < best.events.count, runs < budget {
                var candidate = best.events
                candidate.removeSubrange(pair...(pair + 1))
                if let smaller = await attempt(candidate), smaller.events.count < best.events.count {
                    best = smaller
                    progressed = true
                } else {
                    pair += 1
                }
            }
            var crash = 0
            while crash < best.events.count, runs < budget {
                if case .crashDuringNextStep(_, let death) = best.events[crash], crash + 1 < best.events.count {
                    var candidate = best.events
                    candidate.replaceSubrange(crash...(crash + 1), with: [Self.event(for: death)])
                    if let outcome = await attempt(candidate), outcome.events.count < best.events.count {
                        best = outcome
                        progressed = true
                        continue
                    }
                }
                crash += 1
            }
            var index = 0
            while index < best.events.count, runs < budget {
                for simpler in Self.simplifications(of: best.events[index]) {
                    var candidate = best.events
                    candidate[index] = simpler
                    if let outcome = await attempt(candidate), outcome.events.count <= best.events.count {
                        best = outcome
                        progressed = true
                        break
                    }
                }
                index += 1
            }
        }
        return (best, runs)
    }

    /// The between-steps event of a death.
    static func event(for death: ProcessDeath) -> SimulationEvent {
        switch death {
        case .kill: .kill
        case let .powerLoss(policy, seed): .powerLoss(policy: policy, seed: seed)
        }
    }

    /// Simpler variants of `event`, simplest first.
    static func simplifications(of event: SimulationEvent) -> [SimulationEvent] {
        switch event {
        case .launch(let kind):
            return kind == .user ? [] : [.launch(.user)]
        case let .connectScene(scene, foreground, restoration):
            var variants: [SimulationEvent] = []
            if restoration != nil { variants.append(.connectScene(scene: scene, foreground: foreground, restoration: nil)) }
            if let restoration, restoration != .empty { variants.append(.connectScene(scene: scene, foreground: foreground, restoration: .empty)) }
            if !foreground { variants.append(.connectScene(scene: scene, foreground: true, restoration: restoration)) }
            if scene > 1 { variants.append(.connectScene(scene: scene - 1, foreground: foreground, restoration: restoration)) }
            return variants
        case let .userAction(name, scene, seed):
            var variants: [SimulationEvent] = []
            if seed != 0 { variants.append(.userAction(name: name, scene: scene, seed: 0)) }
            if seed > 1 { variants.append(.userAction(name: name, scene: scene, seed: seed / 2)) }
            if scene > 1 { variants.append(.userAction(name: name, scene: scene - 1, seed: seed)) }
            return variants
        case let .connectSceneWithLink(scene, link, asActivity):
            var variants: [SimulationEvent] = [.connectScene(scene: scene, foreground: true, restoration: nil)]
            if asActivity { variants.append(.connectSceneWithLink(scene: scene, link: link, asActivity: false)) }
            if link > 0 { variants.append(.connectSceneWithLink(scene: scene, link: 0, asActivity: asActivity)) }
            return variants
        case .disconnectScene(let scene) where scene > 1: return [.disconnectScene(scene: scene - 1)]
        case .discardSession(let scene) where scene > 1: return [.discardSession(scene: scene - 1)]
        case .activate(let scene) where scene > 1: return [.activate(scene: scene - 1)]
        case .resignActive(let scene) where scene > 1: return [.resignActive(scene: scene - 1)]
        case .enterBackground(let scene) where scene > 1: return [.enterBackground(scene: scene - 1)]
        case .enterForeground(let scene) where scene > 1: return [.enterForeground(scene: scene - 1)]
        case let .openLink(scene, link):
            var variants: [SimulationEvent] = []
            if link > 0 { variants.append(.openLink(scene: scene, link: 0)) }
            if scene > 1 { variants.append(.openLink(scene: scene - 1, link: link)) }
            return variants
        case let .powerLoss(policy, seed):
            var variants: [SimulationEvent] = [.kill]
            if seed != 0 { variants.append(.powerLoss(policy: policy, seed: 0)) }
            if policy != .inOrderPrefix { variants.append(.powerLoss(policy: .inOrderPrefix, seed: seed)) }
            return variants
        case let .crashDuringNextStep(operation, death):
            var variants: [SimulationEvent] = []
            if death != .kill { variants.append(.crashDuringNextStep(atOperation: operation, death: .kill)) }
            if operation > 1 { variants.append(.crashDuringNextStep(atOperation: operation - 1, death: death)) }
            return variants
        case .terminate:
            return [.kill]
        case .advance(let milliseconds):
            return [10, 100, 300, 1_000, 5_000].filter { $0 < milliseconds }.map { .advance(milliseconds: $0) }
        case .clockJump(let hours):
            return [.advance(milliseconds: 30_000)] + (hours > 1 ? [.clockJump(hours: 1)] : [])
        case .corruptFile(let seed):
            return seed == 0 ? [] : [.corruptFile(seed: 0)]
        case let .serviceDown(service, outage):
            // The friendlier failures first (the order of `ServiceOutage.allCases`).
            return ServiceOutage.allCases.prefix { $0 != outage }.map { .serviceDown(service: service, failing: $0) }
        case .reboot:
            // A reboot is a kill that also locks the device until its first unlock.
            return [.kill]
        case .serviceUp, .diskFull, .diskFreed, .lock, .unlock, .prewarm, .updateApp:
            return []
        case .disconnectScene, .discardSession, .activate, .resignActive, .enterBackground, .enterForeground,
             .suspend, .kill, .memoryWarning, .grantBackgroundTask, .expireBackgroundTask, .expireExtraTime, .silentPush:
            return []
        }
    }
}
