import Lifecycle

/// The app-wide lifecycle callbacks, kept slim: register the background refresh, run the ordered
/// startup (the reading list, then session restore → catalogue → basket), flush pending writes when the app leaves the
/// foreground and schedule the next refresh.
///
/// Created by ``AppComposition/install()`` and retained by the runtime; lives on the main actor.
@MainActor
final class CampusApplicationDelegate: ApplicationDelegate {
    private unowned let composition: AppComposition
    private var observation: LifecycleObservation?

    init(composition: AppComposition) {
        self.composition = composition
    }

    private var services: AppServices { composition.services }

    func didFinishLaunching(_ runtime: LifecycleRuntime, options: LaunchOptions) {
        registerBackgroundRefresh(on: runtime)
        observation = runtime.addApplicationObserver { [weak self, weak runtime] event in
            guard let self, let runtime else { return }
            switch event {
            case .willResignActive, .didEnterBackground:
                self.composition.flushForTransition()
                if event == .didEnterBackground { self.scheduleRefresh(on: runtime) }
            case .willEnterForeground, .protectedDataDidBecomeAvailable:
                // The account and the token may be readable now: show the kept session, check it.
                self.services.auth.showKeptSessionIfReadable()
                guard event == .willEnterForeground else {
                    runtime.applicationScope.task("session check after unlock") { [services = self.services] in
                        await services.auth.retryVerificationIfNeeded()
                    }
                    return
                }
                self.services.catalogue.retryNow()
                runtime.applicationScope.task("session check retry") { [services = self.services] in
                    await services.auth.retryVerificationIfNeeded()
                }
                if !self.services.basket.isHydrated, self.services.catalogue.isLoaded {
                    runtime.applicationScope.task("basket hydration retry") { [services = self.services] in
                        await services.basket.hydrate()
                    }
                }
            default:
                break
            }
        }
        let services = services
        runtime.applicationScope.task("startup") {
            // The order is load-bearing: requests need the session, and the basket's identifiers
            // resolve against the catalogue. The reading list is on the device and needs neither.
            services.readingList.load()
            await services.auth.restoreSession()
            await services.catalogue.load()
            await services.basket.hydrate()
            await services.arrivals.restore()
        }
    }

    func willTerminate(_ runtime: LifecycleRuntime) {
        services.flushPendingWrites()
    }

    private func registerBackgroundRefresh(on runtime: LifecycleRuntime) {
        let services = services
        do {
            try runtime.registerBackgroundTask(NewArrivalsService.taskIdentifier) { [weak self, weak runtime] task in
                task.expirationHandler = { [weak task] in task?.setTaskCompleted(success: false) }
                // The shelf resolves against the catalogue, which may still be loading after a
                // background launch; an expiration meanwhile completes the task unsuccessfully.
                // Held weakly: the catalogue keeps the handler until it loads, which a killed
                // process never does, and the services and the task hold the catalogue.
                services.catalogue.whenLoaded { [weak services, weak task] in
                    guard let services, let task else { return }
                    task.scope.task("refresh new arrivals") {
                        let succeeded = await services.arrivals.refresh()
                        task.setTaskCompleted(success: succeeded)
                    }
                }
                if let self, let runtime { self.scheduleRefresh(on: runtime) }
            }
        } catch {
            services.logger.error("The background refresh could not be registered: \(error.description, privacy: .public)")
        }
    }

    private func scheduleRefresh(on runtime: LifecycleRuntime) {
        let request = BackgroundTaskRequest(
            identifier: NewArrivalsService.taskIdentifier, kind: .appRefresh,
            earliestBegin: runtime.clock.now.advanced(by: .seconds(15 * 60))
        )
        do {
            try runtime.submit(request)
        } catch {
            services.logger.error("The background refresh could not be scheduled: \(error.description, privacy: .public)")
        }
    }
}
