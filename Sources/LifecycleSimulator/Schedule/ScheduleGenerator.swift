import DurableState
import Lifecycle

/// Proposes the next event of a random schedule: every event the device does not refuse now
/// (``SimulationRun/refusal(of:)``), weighted by the swarm configuration, then draws the chosen
/// event's parameters. Generation is online (it reads the live device), so a generated schedule
/// is legal by construction; the events it returns are recorded and replay without the
/// generator.
///
/// A value used by ``Simulator`` on the main actor, one per run.
@MainActor
struct ScheduleGenerator {
    let swarm: SwarmConfiguration

    /// A generator with `swarm`'s weights.
    init(swarm: SwarmConfiguration) {
        self.swarm = swarm
    }

    /// The events offered for one step, with their weights. An event whose parameters are drawn
    /// once it is chosen (``drawingParameters(of:run:random:)``) is offered with placeholders.
    private struct Offers {
        let swarm: SwarmConfiguration
        /// The device's state this step, which the legality rule reads.
        let device: DeviceState
        var events: [SimulationEvent] = []
        var weights: [Int] = []

        /// Offers `event` with `weight` times its kind's swarm weight, if that is positive.
        mutating func add(_ event: SimulationEvent, weight: Int = 1) {
            let total = swarm.weight(of: event.kind) * weight
            guard total > 0 else { return }
            events.append(event)
            weights.append(total)
        }

        /// Offers `event` (with `weight`) if its kind is enabled and the device does not refuse it.
        mutating func addIfLegal(_ event: SimulationEvent, weight: Int = 1) {
            guard swarm.weight(of: event.kind) > 0, device.refusal(of: event) == nil else { return }
            add(event, weight: weight)
        }
    }

    /// The next event for `run`, or `nil` if the device offers none.
    func next(for run: SimulationRun, random: inout SimulationRandom) -> SimulationEvent? {
        let device = run.deviceState(
            readingActionsIn: swarm.weight(of: .userAction) > 0 ? Set(1...run.options.maxScenes) : [],
            readingFiles: swarm.weight(of: .corruptFile) > 0
        )
        var offers = Offers(swarm: swarm, device: device)
        let linkCount = run.app.links.count
        let unlocked = device.lockState == .unlocked
        if run.current == nil {
            if unlocked { offers.add(.launch(.user), weight: 4) }
            if linkCount > 0 { offers.addIfLegal(.launch(.link(random.int(below: linkCount)))) }
            offers.addIfLegal(.launch(.notification))
            offers.addIfLegal(.corruptFile(seed: 0))
        }
        for slot in 1...run.options.maxScenes {
            if device.slot(slot).scene != nil {
                offers.addIfLegal(.disconnectScene(scene: slot))
                offers.addIfLegal(.activate(scene: slot))
                offers.addIfLegal(.resignActive(scene: slot))
                offers.addIfLegal(.enterBackground(scene: slot))
                offers.addIfLegal(.enterForeground(scene: slot))
                if linkCount > 0 { offers.addIfLegal(.openLink(scene: slot, link: random.int(below: linkCount))) }
                for action in run.app.actions {
                    offers.addIfLegal(.userAction(name: action.name, scene: slot, seed: 0), weight: max(1, action.weight))
                }
                continue
            } else if device.isAlive {
                if unlocked { offers.add(.connectScene(scene: slot, foreground: true, restoration: nil)) }
                if linkCount > 0 {
                    let link = random.int(below: linkCount)
                    offers.addIfLegal(.connectSceneWithLink(scene: slot, link: link, asActivity: random.chance(1, in: 2)))
                }
                offers.addIfLegal(.connectScene(scene: slot, foreground: true, restoration: .empty))
            }
            offers.addIfLegal(.discardSession(scene: slot))
        }
        for event in [SimulationEvent.suspend, .kill, .terminate, .memoryWarning, .expireExtraTime, .silentPush] {
            offers.addIfLegal(event)
        }
        if device.isAlive { offers.addIfLegal(.crashDuringNextStep(atOperation: 1, death: .kill)) }
        offers.add(.powerLoss(policy: .inOrderPrefix, seed: 0))
        for identifier in run.inbox.pendingRequests.keys.sorted() {
            offers.addIfLegal(.grantBackgroundTask(identifier: identifier))
        }
        for identifier in (run.current?.runtime.runningTasks.keys).map({ $0.sorted() }) ?? [] {
            offers.addIfLegal(.expireBackgroundTask(identifier: identifier))
        }
        offers.add(.advance(milliseconds: 1), weight: 2)
        offers.add(.clockJump(hours: 1))
        offers.addIfLegal(.updateApp)
        // A full disk is rare on a phone and stops most saves, which the other searches need:
        // room comes back four times as readily as it goes.
        offers.add(run.context.isDiskFull ? .diskFreed : .diskFull, weight: run.context.isDiskFull ? 4 : 1)
        // The device's locks (off unless the options enable them): locking and unlocking as
        // readily as the other device events, a reboot and a prewarm more rarely.
        offers.add(unlocked ? .lock : .unlock, weight: 2)
        offers.add(.reboot)
        if run.current == nil { offers.add(.prewarm) }
        for service in run.context.remoteServices {
            offers.add(run.context.outages[service] == nil ? .serviceDown(service: service, failing: .refused) : .serviceUp(service: service))
        }
        guard !offers.events.isEmpty else { return nil }
        let chosen = offers.events[random.weightedIndex(offers.weights)]
        return drawingParameters(of: chosen, run: run, random: &random)
    }

    /// `event` with the parameters it was offered without drawn from `random` (the seed of a
    /// user action, a power loss's policy, how long time advances…); an event offered whole is
    /// returned as is.
    private func drawingParameters(of event: SimulationEvent, run: SimulationRun, random: inout SimulationRandom) -> SimulationEvent {
        switch event {
        case let .connectScene(slot, _, nil):
            return .connectScene(scene: slot, foreground: random.chance(4, in: 5), restoration: nil)
        case let .connectScene(slot, _, .some):
            let mutation: RestorationMutation
            let size = run.sessions[slot]?.payload?.count ?? 1
            switch random.int(below: run.app.restorationMutations.isEmpty ? 4 : 6) {
            case 0: mutation = .truncated(keep: random.int(below: max(1, size)))
            case 1: mutation = .randomBytes(seed: random.next() % 1_000, count: random.int(in: 1...64))
            case 2: mutation = .flippedByte(index: random.int(below: max(1, size)))
            case 3: mutation = .empty
            default:
                mutation = .app(index: random.int(below: run.app.restorationMutations.count), seed: random.next() % 1_000)
            }
            return .connectScene(scene: slot, foreground: true, restoration: mutation)
        case let .userAction(name, slot, _):
            return .userAction(name: name, scene: slot, seed: random.next() % 1_000)
        case .powerLoss:
            return .powerLoss(policy: random.element(of: PowerLossPolicy.allCases), seed: random.next() % 1_000)
        case .crashDuringNextStep:
            let death: ProcessDeath = random.chance(1, in: 2)
                ? .kill : .powerLoss(policy: random.element(of: PowerLossPolicy.allCases), seed: random.next() % 1_000)
            return .crashDuringNextStep(atOperation: random.int(in: 1...4), death: death)
        case .advance:
            return .advance(milliseconds: random.element(of: [10, 50, 100, 300, 500, 1_000, 5_000, 30_000]))
        case .clockJump:
            return .clockJump(hours: random.int(in: 1...24))
        case .corruptFile:
            return .corruptFile(seed: random.next() % 1_000)
        case .serviceDown(let service, _):
            return .serviceDown(service: service, failing: random.element(of: ServiceOutage.allCases))
        default:
            return event
        }
    }
}
