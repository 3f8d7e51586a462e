import Lifecycle

/// Flushing on the lifecycle's cues: `.inactive` arrives first, while the app still runs normally,
/// so the write starts during the app-switcher animation rather than in the shorter, less certain
/// window after `.background`.
extension PersistentValue {
    /// Flushes whenever `scene` resigns active, enters the background or disconnects, under an
    /// extra-time lease of `runtime` if the save does not complete at once.
    @discardableResult
    public func flushOnDeactivation(of scene: LifecycleScene, runtime: LifecycleRuntime? = nil) -> LifecycleObservation {
        scene.addObserver { [weak self, weak runtime] event in
            switch event {
            case .willResignActive, .didEnterBackground, .didDisconnect:
                self?.flush(extendingWith: runtime)
            case .willConnect, .willEnterForeground, .didBecomeActive:
                break
            }
        }
    }

    /// Flushes whenever the application resigns active, enters the background, is about to
    /// terminate or is told protected data is about to close (the device is locking), under an
    /// extra-time lease of `runtime` if the save does not complete at once. When protected data
    /// becomes available again and a load failed (its file's class kept it closed:
    /// ``LoadOutcome/unavailableNow``), loads again, so the value comes back after the unlock on
    /// its own.
    @discardableResult
    public func flushOnDeactivation(of runtime: LifecycleRuntime) -> LifecycleObservation {
        runtime.addApplicationObserver { [weak self, weak runtime] event in
            switch event {
            case .willResignActive, .didEnterBackground, .willTerminate, .protectedDataWillBecomeUnavailable:
                self?.flush(extendingWith: runtime)
            case .protectedDataDidBecomeAvailable:
                guard let self, !self.isHydrated, let runtime else { return }
                _ = runtime.applicationScope.task("hydrate \(self.name) after the unlock") { [weak self] in
                    await self?.hydrate()
                }
            case .willFinishLaunching, .didFinishLaunching, .willEnterForeground, .didBecomeActive,
                 .didDiscardSessions, .didReceiveMemoryWarning:
                break
            }
        }
    }

    /// Flushes now; if the save is still in flight when this returns, holds an extra-time lease
    /// (`beginExtraTime`) until it completes, so the process is not suspended mid-save.
    public func flush(extendingWith runtime: LifecycleRuntime?) {
        var finished = false
        var lease: ExtraTimeLease?
        flush { _ in
            finished = true
            lease?.end()
        }
        if !finished, let runtime, runtime.isAlive {
            lease = runtime.beginExtraTime("flush \(name)")
        }
    }
}
