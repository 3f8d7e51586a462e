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
    /// An event with parameters still to draw. Holds no references (the generator stores
    /// dozens each step: a trivial value is stored and overwritten without retains or releases).
    enum EventTemplate {
        case fixed(FixedEvent)
        case connect(slot: Int)
        case mutatedConnect(slot: Int)
        /// The action at `index` of the app's actions (an index, not a name: no string to copy).
        case userAction(index: Int, slot: Int)
        case powerLoss
        case crashDuringNextStep
        case advance
        case clockJump
        case corruptFile
        /// The service at `index` of the run's remote services goes down, or comes back.
        case serviceDown(index: Int)
        case serviceUp(index: Int)
    }

    let swarm: SwarmConfiguration
    /// The offer buffers, reused from step to step (one generator serves one run).
    private let buffers: Buffers

    /// A generator of `app`'s schedules (the app whose runs it reads) with `swarm`'s weights.
    init(swarm: SwarmConfiguration, app: ErasedApp) {
        self.swarm = swarm
        self.buffers = Buffers(swarm: swarm, app: app)
    }

    /// Storage for ``Offers`` kept between calls of ``next(for:random:)``; main actor.
    @MainActor
    private final class Buffers {
        /// Raw storage of the step's offers and of the swarm's weights: offers are added some
        /// thirty times per step, and array appends (uniqueness and capacity checks, a generic
        /// path to empty them) cost more than building the offers themselves.
        // Templates and weights are trivial values (no references), so no element needs
        // deinitializing. Unchecked Sendable for the nonisolated `deinit` that frees it. Safe because the storage is private to one generator's buffers,
        // touched only by `Offers` on the main actor, and freed when nothing can reach it.
        struct Storage: @unchecked Sendable {
            /// ``SwarmConfiguration/weight(of:)`` by ``EventKind/index``.
            let kindWeights: UnsafeMutablePointer<Int>
            /// The offered weight of each of the app's actions (the swarm's user-action weight
            /// times the action's, at least 1), by action index.
            let actionWeights: UnsafeMutablePointer<Int>
            var templates: UnsafeMutablePointer<Template>
            var weights: UnsafeMutablePointer<Int>
            var capacity: Int
        }

        private(set) var storage: Storage
        /// The number of offers this step (the first `count` templates and weights).
        var count = 0
        /// The sum of this step's offered weights.
        var total = 0
        /// The background-task identifiers offered this step (``FixedEvent`` refers to them) are
        /// the first `identifierCount`; the rest are stale ones of earlier steps, overwritten as
        /// identifiers are added (emptying the array took a generic path every step).
        var identifiers: [String] = []
        var identifierCount = 0

        /// The app's ``ErasedApp/enabledActions`` when its action names are unique (then the
        /// generator offers the actions of this mask), else `nil` (each action is checked).
        let enabledActions: (@MainActor (AnyObject, LifecycleScene, SimulationEnvironment) -> UInt64)?

        init(swarm: SwarmConfiguration, app: ErasedApp) {
            let kinds = EventKind.allCases.count
            let actions = app.actions
            // One allocation for both tables (the action weights follow the kind weights).
            let kindWeights = UnsafeMutablePointer<Int>.allocate(capacity: kinds + actions.count)
            for kind in EventKind.allCases { (kindWeights + kind.index).initialize(to: swarm.weight(of: kind)) }
            let actionWeights = kindWeights + kinds
            for (index, action) in actions.enumerated() {
                (actionWeights + index).initialize(to: swarm.weight(of: .userAction) * max(1, action.weight))
            }
            enabledActions = app.hasUniqueActionNames ? app.enabledActions : nil
            let capacity = 64
            storage = Storage(
                kindWeights: kindWeights, actionWeights: actionWeights, templates: .allocate(capacity: capacity),
                weights: .allocate(capacity: capacity), capacity: capacity
            )
        }

        deinit {
            storage.kindWeights.deallocate()  // and the action weights, allocated with them
            storage.templates.deallocate()
            storage.weights.deallocate()
        }

        /// The swarm's weight of `kind` (0 when disabled).
        @inline(__always)
        func weight(of kind: EventKind) -> Int { storage.kindWeights[kind.index] }

        /// Appends an offer of positive `weight`.
        @inline(__always)
        func append(_ template: Template, weight: Int) {
            if count == storage.capacity { grow() }
            (storage.templates + count).initialize(to: template)
            (storage.weights + count).initialize(to: weight)
            count += 1
            total += weight
        }

        /// Doubles the capacity (many pending background tasks; rare).
        private func grow() {
            let capacity = storage.capacity * 2
            let templates = UnsafeMutablePointer<Template>.allocate(capacity: capacity)
            templates.moveInitialize(from: storage.templates, count: count)
            storage.templates.deallocate()
            let weights = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
            weights.moveInitialize(from: storage.weights, count: count)
            storage.weights.deallocate()
            storage = Storage(
                kindWeights: storage.kindWeights, actionWeights: storage.actionWeights,
                templates: templates, weights: weights, capacity: capacity
            )
        }
    }

    /// The events offered so far with their weights (parallel raw arrays in the generator's
    /// reused buffers, no closures: the generator runs before every step).
    @MainActor
    private struct Offers {
        let buffers: Buffers

        /// Empties the offers for this step's offers.
        init(buffers: Buffers) {
            self.buffers = buffers
            buffers.count = 0
            buffers.total = 0
            buffers.identifierCount = 0
        }

        var isEmpty: Bool { buffers.count == 0 }

        /// The index of the offer drawn with probability proportional to its weight (the offers
        /// must not be empty): `SimulationRandom.weightedIndex` of the weights, the same single
        /// draw and walk, with the total kept as offers were added.
        func draw(_ random: inout SimulationRandom) -> Int {
            var pick = random.int(below: buffers.total)
            let weights = buffers.storage.weights
            for index in 0..<buffers.count {
                let weight = weights[index]
                if pick < weight { return index }
                pick -= weight
            }
            return buffers.count - 1
        }

        /// The template of the offer at `index` (below the step's offer count).
        func template(at index: Int) -> Template { buffers.storage.templates[index] }

        @inline(__always)
        func add(_ kind: EventKind, _ template: consuming Template, _ weight: Int) {
            let total = buffers.weight(of: kind) * weight
            if total > 0 { buffers.append(template, weight: total) }
        }

        /// Offers `fixed` if its kind is enabled and it is legal now (a disabled kind skips the
        /// legality check: it would not be offered either way).
        @inline(__always)
        func add(_ fixed: FixedEvent, ifLegalIn run: SimulationRun) {
            let kind = fixed.kind
            if buffers.weight(of: kind) > 0, fixed.isLegal(in: run, identifiers: buffers.identifiers) {
                add(kind, .fixed(fixed), 1)
            }
        }

        /// Offers `fixed` if its kind is enabled and `isLegal` (evaluated only then): for a rule
        /// the caller evaluates with what it has at hand, such as the slot's scene state.
        @inline(__always)
        func add(_ fixed: FixedEvent, if isLegal: @autoclosure () -> Bool) {
            let kind = fixed.kind
            if buffers.weight(of: kind) > 0, isLegal() { add(kind, .fixed(fixed), 1) }
        }

        /// Offers granting the pending `request` of `identifier` if legal: `add(_:ifLegalIn:)`
        /// of the grant by the same rule, without looking the request up again.
        func addGrant(of identifier: String, request: BackgroundTaskRequest, ifLegalIn run: SimulationRun) {
            guard buffers.weight(of: .grantBackgroundTask) > 0 else { return }
            let index = index(of: identifier)
            if run.canGrantBackgroundTask(identifier, request: request) {
                add(.grantBackgroundTask, .fixed(.grantBackgroundTask(identifier: index)), 1)
            }
        }

        /// The index of `identifier` among the step's identifiers, for a ``FixedEvent``.
        func index(of identifier: String) -> Int {
            let index = buffers.identifierCount
            if index < buffers.identifiers.count {
                buffers.identifiers[index] = identifier
            } else {
                buffers.identifiers.append(identifier)
            }
            buffers.identifierCount = index + 1
            return index
        }

        /// The event of `fixed`.
        func event(_ fixed: FixedEvent) -> SimulationEvent {
            fixed.event(identifiers: buffers.identifiers)
        }
    }

    func next(for run: SimulationRun, random: inout SimulationRandom) -> SimulationEvent? {
        let offers = Offers(buffers: buffers)
        let linkCount = run.app.links.count
        if run.current == nil {
            offers.add(.launch, .fixed(.launch(.user)), 4)
            if linkCount > 0 { offers.add(.launch(.link(random.int(below: linkCount))), ifLegalIn: run) }
            offers.add(.launch(.notification), ifLegalIn: run)
            offers.add(.corruptFile, .corruptFile, 1)
        }
        let isAlive = run.isAlive
        /// Whether a slot's scene is in the foreground (then the device cannot suspend).
        var sawForegroundScene = false
        for slot in 1...run.options.maxScenes {
            if let scene = run.scene(slot) {
                // The rules by the scene's state, read once (the slot has a scene, so it may be
                // disconnected and its session not discarded).
                let state = scene.state
                if state.isForeground { sawForegroundScene = true }
                offers.add(.disconnectScene(scene: slot), if: true)
                offers.add(.activate(scene: slot), if: run.canActivate(state))
                offers.add(.resignActive(scene: slot), if: run.canResignActive(state))
                offers.add(.enterBackground(scene: slot), if: run.canEnterBackground(state))
                offers.add(.enterForeground(scene: slot), if: run.canEnterForeground(state))
                if linkCount > 0 {
                    let link = random.int(below: linkCount)
                    offers.add(.openLink(scene: slot, link: link), if: run.canOpenLink(state, link: link))
                }
                if state == .foregroundActive { offerUserActions(slot: slot, scene: scene, run: run, offers: offers) }
                continue
            } else if isAlive {
                offers.add(.connectScene, .connect(slot: slot), 1)
                if linkCount > 0 {
                    let link = random.int(below: linkCount)
                    offers.add(.connectSceneWithLink(scene: slot, link: link, asActivity: random.chance(1, in: 2)), ifLegalIn: run)
                }
                if buffers.weight(of: .mutatedRestoration) > 0, run.canConnectWithDamagedRestoration(slot) {
                    offers.add(.mutatedRestoration, .mutatedConnect(slot: slot), 1)
                }
            }
            offers.add(.discardSession(scene: slot), ifLegalIn: run)
        }
        // `canSuspend` would find a foreground scene too (a slot's scene is one of the runtime's).
        if !sawForegroundScene { offers.add(.suspend, ifLegalIn: run) }
        offers.add(.kill, ifLegalIn: run)
        offers.add(.terminate, ifLegalIn: run)
        offers.add(.memoryWarning, ifLegalIn: run)
        offers.add(.expireExtraTime, ifLegalIn: run)
        offers.add(.silentPush, ifLegalIn: run)
        if isAlive, run.armedForNextStep == nil { offers.add(.crashDuringNextStep, .crashDuringNextStep, 1) }
        offers.add(.powerLoss, .powerLoss, 1)
        let requests = run.inbox.pendingRequests
        if requests.count == 1 {
            // One key needs no sorting (the usual case), and its request is at hand (a loop over
            // the one entry: `first` of the dictionary or its keys took a slow generic path).
            for (identifier, request) in requests { offers.addGrant(of: identifier, request: request, ifLegalIn: run) }
        } else if !requests.isEmpty {
            for identifier in requests.keys.sorted() {
                offers.add(.grantBackgroundTask(identifier: offers.index(of: identifier)), ifLegalIn: run)
            }
        }
        if let running = run.current?.runtime.runningTasks, !running.isEmpty {
            if running.count == 1, let only = running.keys.first {
                offers.add(.expireBackgroundTask(identifier: offers.index(of: only)), ifLegalIn: run)
            } else {
                for identifier in running.keys.sorted() {
                    offers.add(.expireBackgroundTask(identifier: offers.index(of: identifier)), ifLegalIn: run)
                }
            }
        }
        offers.add(.advance, .advance, 2)
        offers.add(.clockJump, .clockJump, 1)
        // A full disk is rare on a phone and stops most saves, which the other searches need:
        // room comes back four times as readily as it goes.
        if run.context.isDiskFull {
            offers.add(.diskFull, .fixed(.diskFreed), 4)
        } else {
            offers.add(.diskFull, if: true)
        }
        if buffers.weight(of: .serviceOutage) > 0 {
            let context = run.context
            for (index, service) in context.remoteServices.enumerated() {
                offers.add(.serviceOutage, context.outages[service] == nil ? .serviceDown(index: index) : .serviceUp(index: index), 1)
            }
        }
        guard !offers.isEmpty else { return nil }
        let chosen = offers.template(at: offers.draw(&random))
        return instantiate(chosen, offers: offers, run: run, random: &random)
    }

    /// Offers each enabled action in the active `scene` of `slot`: the legality of
    /// ``SimulationEvent/userAction(name:scene:seed:)`` with its device checks made once for all
    /// actions (with unique action names each name is its own action).
    private func offerUserActions(slot: Int, scene: LifecycleScene, run: SimulationRun, offers: Offers) {
        guard buffers.weight(of: .userAction) > 0 else { return }
        guard let enabledActions = buffers.enabledActions else {
            for (index, action) in run.app.actions.enumerated()
            where run.isLegal(.userAction(name: action.name, scene: slot, seed: 0)) {
                offers.add(.userAction, .userAction(index: index, slot: slot), max(1, action.weight))
            }
            return
        }
        guard run.isRunning, let current = run.current, let appIncarnation = current.app,
              scene.state == .foregroundActive
        else { return }
        let weights = buffers.storage.actionWeights
        var enabled = enabledActions(appIncarnation, scene, current.environment)
        while enabled != 0 {
            let index = enabled.trailingZeroBitCount
            enabled &= enabled - 1
            // `offers.add(.userAction, …, max(1, weight))`, its product (positive: the kind is
            // enabled) computed once per run.
            buffers.append(.userAction(index: index, slot: slot), weight: weights[index])
        }
    }

    private func instantiate(_ template: Template, offers: Offers, run: SimulationRun, random: inout SimulationRandom) -> SimulationEvent {
        switch template {
        case .fixed(let fixed):
            return offers.event(fixed)
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
        case let .userAction(index, slot):
            return .userAction(name: run.app.actions[index].name, scene: slot, seed: random.next() % 1_000)
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
        case .serviceDown(let index):
            return .serviceDown(service: run.context.remoteServices[index], failing: random.element(of: ServiceOutage.allCases))
        case .serviceUp(let index):
            return .serviceUp(service: run.context.remoteServices[index])
        }
    }
}
