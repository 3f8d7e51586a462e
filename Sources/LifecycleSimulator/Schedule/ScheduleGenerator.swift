import Lifecycle

/// Proposes the next event of a random schedule: every event legal in the device's current
/// state, weighted by the swarm configuration, then draws its parameters. Generation is online
/// (it reads the live device), so a generated schedule is legal by construction; the events it
/// returns are recorded and replay without the generator.
///
/// A value used by ``Simulator`` on the main actor.
@MainActor
struct ScheduleGenerator {
    typealias Template = EventTemplate
    /// An event with parameters still to draw.
    enum EventTemplate {
        case fixed(SimulationEvent)
        case connect(slot: Int)
        case mutatedConnect(slot: Int)
        case userAction(name: String, slot: Int)
        case powerLoss
        case crashDuringNextStep
        case advance
        case clockJump
        case corruptFile
    }

    let swarm: SwarmConfiguration

    func next(for run: SimulationRun, random: inout SimulationRandom) -> SimulationEvent? {
        var templates: [(Template, Int)] = []
        func offerTemplate(_ kind: EventKind, _ template: Template, _ weight: Int) {
            let total = swarm.weight(of: kind) * weight
            if total > 0 { templates.append((template, total)) }
        }
        func offer(_ event: SimulationEvent) {
            if run.isLegal(event) { offerTemplate(event.kind, .fixed(event), 1) }
        }
        if run.current == nil {
            offerTemplate(.launch, .fixed(.launch(.user)), 4)
            if !run.app.links.isEmpty { offer(.launch(.link(random.int(below: run.app.links.count)))) }
            offer(.launch(.notification))
            offerTemplate(.corruptFile, .corruptFile, 1)
        }
        let slots = 1...run.options.maxScenes
        for slot in slots {
            if let scene = run.scene(slot) {
                offer(.disconnectScene(scene: slot))
                offer(.activate(scene: slot))
                offer(.resignActive(scene: slot))
                offer(.enterBackground(scene: slot))
                offer(.enterForeground(scene: slot))
                if !run.app.links.isEmpty { offer(.openLink(scene: slot, link: random.int(below: run.app.links.count))) }
                if scene.state == .foregroundActive { offerUserActions(slot: slot, run: run, offer: offerTemplate) }
            } else if run.isAlive {
                offerTemplate(.connectScene, .connect(slot: slot), 1)
                if !run.app.links.isEmpty {
                    offer(.connectSceneWithLink(scene: slot, link: random.int(below: run.app.links.count), asActivity: random.chance(1, in: 2)))
                }
                if run.isLegal(.connectScene(scene: slot, foreground: true, restoration: .empty)) {
                    offerTemplate(.mutatedRestoration, .mutatedConnect(slot: slot), 1)
                }
            }
            offer(.discardSession(scene: slot))
        }
        offer(.suspend)
        offer(.kill)
        offer(.terminate)
        offer(.memoryWarning)
        offer(.expireExtraTime)
        offer(.silentPush)
        if run.isAlive, run.armedForNextStep == nil { offerTemplate(.crashDuringNextStep, .crashDuringNextStep, 1) }
        offerTemplate(.powerLoss, .powerLoss, 1)
        for identifier in run.pendingRequests.keys.sorted() { offer(.grantBackgroundTask(identifier: identifier)) }
        for identifier in (run.current?.runtime.runningTasks.keys.sorted() ?? []) {
            offer(.expireBackgroundTask(identifier: identifier))
        }
        offerTemplate(.advance, .advance, 2)
        offerTemplate(.clockJump, .clockJump, 1)
        guard !templates.isEmpty else { return nil }
        let chosen = templates[random.weightedIndex(templates.map { $0.1 })].0
        return instantiate(chosen, run: run, random: &random)
    }

    private func offerUserActions(
        slot: Int, run: SimulationRun, offer: (EventKind, Template, Int) -> Void
    ) {
        for action in run.app.actions where run.isLegal(.userAction(name: action.name, scene: slot, seed: 0)) {
            offer(.userAction, .userAction(name: action.name, slot: slot), max(1, action.weight))
        }
    }

    private func instantiate(_ template: Template, run: SimulationRun, random: inout SimulationRandom) -> SimulationEvent {
        switch template {
        case .fixed(let event):
            return event
        case .connect(let slot):
            return .connectScene(scene: slot, foreground: random.chance(4, in: 5), restoration: nil)
        case .mutatedConnect(let slot):
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
        case let .userAction(name, slot):
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
        }
    }
}
