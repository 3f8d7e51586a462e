/// Applying validated host events: the callbacks each one produces, in order.
extension LifecycleRuntime {
    /// Whether callbacks may still run (an app callback may have killed the process meanwhile).
    private var isRunning: Bool { processState == .running }

    func apply(_ event: HostEvent) {
        switch event {
        case .launch(let options):
            launch(options)
        case .connectScene(let session, let options, let foreground):
            connect(session, options: options, foreground: foreground)
        case .moveScene(let id, let state):
            if let scene = scenes[id] { move(scene, to: state) }
        case .disconnectScene(let id):
            disconnect(id)
        case .discardSessions(let ids):
            discard(ids)
        case .openURLs(let urls, let id):
            if let scene = scenes[id] { scene.delegate?.scene(scene, openURLs: urls) }
        case .continueActivity(let activity, let id):
            if let scene = scenes[id] { scene.delegate?.scene(scene, continue: activity) }
        case .memoryWarning:
            applicationDelegate?.didReceiveMemoryWarning(self)
            purgeables.removeAll { $0.value == nil }
            for purgeable in purgeables where isRunning { purgeable.value?.purge() }
            if isRunning { applicationRegistry.dispatchMoment(.didReceiveMemoryWarning) }
        case .suspend:
            state = .suspended
        case .resume:
            state = .running
        case .terminate:
            terminate()
        case .runBackgroundTask(let identifier):
            startBackgroundTask(identifier)
        case .expireBackgroundTask(let identifier):
            if let task = runningBackgroundTasks[identifier] { expire(task) }
        case .silentPush(let payload):
            deliverSilentPush(payload)
        case .protectedDataWillBecomeUnavailable:
            applicationDelegate?.protectedDataWillBecomeUnavailable(self)
            if isRunning { applicationRegistry.dispatchMoment(.protectedDataWillBecomeUnavailable) }
        case .protectedDataDidBecomeAvailable:
            applicationDelegate?.protectedDataDidBecomeAvailable(self)
            if isRunning { applicationRegistry.dispatchMoment(.protectedDataDidBecomeAvailable) }
        }
    }

    private func launch(_ options: LaunchOptions) {
        state = .running
        launchOptions = options
        isHandlingLaunch = true
        defer { isHandlingLaunch = false }
        applicationDelegate?.willFinishLaunching(self, options: options)
        guard isRunning else { return }
        applicationRegistry.dispatchLaunchEvent()
        guard isRunning else { return }
        applicationDelegate?.didFinishLaunching(self, options: options)
        guard isRunning else { return }
        applicationRegistry.dispatchLaunchEvent()
        isHandlingLaunch = false
        if isRunning { discard(options.discardedSessions) }
    }

    /// Connects a new scene object. A session this process already knows keeps the restoration
    /// payload the app last returned for it; the host's copy may be older.
    private func connect(_ hostSession: SceneSession, options: ConnectionOptions, foreground: Bool) {
        var session = hostSession
        if let known = sessions[session.id] { session.restorationPayload = known.restorationPayload }
        sessions[session.id] = session
        let scene = LifecycleScene(session: session, options: options, tracker: tracker)
        scene.runtime = self
        scenes[session.id] = scene
        scene.registry.tally = foregroundTally
        scene.attach(delegate: sceneDelegateFactory?(scene))
        guard isRunning else { return }
        move(scene, to: foreground ? .foregroundInactive : .background)
    }

    /// Moves `scene` to `state` (every intermediate event included); after each event has reached
    /// the scene's observers, the session and the application phase follow.
    private func move(_ scene: LifecycleScene, to state: SceneState) {
        scene.registry.move(to: state) { event in sceneDidDispatch(event, scene: scene) }
    }

    private func sceneDidDispatch(_ event: SceneEvent, scene: LifecycleScene) {
        if event == .didEnterBackground {
            scene.requestRestorationPayload()
            sessions[scene.id] = scene.session
        }
        scene.publishPhase()
        updateApplicationPhase()
    }

    /// Moves the scene down to the background (intermediate events included), asks for its
    /// restoration payload, then `didDisconnect`. The session survives.
    private func disconnect(_ id: SceneSessionID) {
        guard let scene = scenes[id] else { return }
        scene.isDisconnecting = true
        move(scene, to: .background)
        guard isRunning else { return }
        scene.requestRestorationPayload()
        sessions[id] = scene.session
        guard isRunning else { return }
        move(scene, to: .unattached)
        guard isRunning else { return }
        scenes[id] = nil
        scene.finishDisconnect()
        updateApplicationPhase()
    }

    private func discard(_ ids: [SceneSessionID]) {
        guard !ids.isEmpty else { return }
        for id in ids { sessions[id] = nil }
        applicationDelegate?.didDiscardSessions(self, sessions: ids)
        if isRunning { applicationRegistry.dispatchMoment(.didDiscardSessions(ids)) }
    }

    /// Scenes still in the foreground first move down to the background (their pending writes
    /// flush there), then `willTerminate`, then the process ends.
    private func terminate() {
        for scene in connectedScenes where scene.state.isForeground && isRunning {
            move(scene, to: .background)
        }
        guard isRunning else { return }
        applicationDelegate?.willTerminate(self)
        if isRunning { applicationRegistry.dispatchMoment(.willTerminate) }
        markKilled()
    }

    /// Dispatches the application phase events that follow from the scenes' states (SwiftUI's
    /// aggregate). When the app leaves the background, running processing tasks expire.
    func updateApplicationPhase() {
        let phase = foregroundTally.phase
        let previous = applicationRegistry.phase
        guard phase != previous, isRunning else { return }
        applicationRegistry.dispatchPhase(to: phase)
        // SwiftUI reports every step: .inactive lies between .active and .background.
        if (previous == .active && phase == .background) || (previous == .background && phase == .active) {
            applicationPhaseBroadcaster.publish(.inactive)
        }
        applicationPhaseBroadcaster.publish(phase)
        if previous == .background { expireProcessingTasks() }
    }
}
