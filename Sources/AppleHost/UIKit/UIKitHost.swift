#if (canImport(UIKit) && !os(watchOS)) || LIFELINE_APPLE_SHIM
import Foundation
import Lifecycle
#if LIFELINE_APPLE_SHIM
import AppleShim
#else
import UIKit
import UserNotifications
#if canImport(BackgroundTasks)
import BackgroundTasks
#endif
#endif

/// Feeds UIKit's real callbacks into the same ``LifecycleRuntime`` the process host and the
/// simulator drive, and carries the runtime's requests back to UIKit.
///
/// Created once by the application delegate bridge and owned by it for the life of the process;
/// lives on the main actor. Free of logic: every rule it relies on is in `Lifecycle` and tested
/// on Linux.
@MainActor
public final class UIKitHost: LifecycleHost {
    /// The runtime this host drives.
    public let runtime: LifecycleRuntime
    /// iOS's background budgets.
    public var budgets: BackgroundBudgets { AppleHost.budgets }

    private var uiSessions: [SceneSessionID: UISceneSession] = [:]
    private var backgroundTaskIDs: [ObjectIdentifier: UIBackgroundTaskIdentifier] = [:]

    /// Creates the host of `runtime` and becomes its host.
    public init(runtime: LifecycleRuntime) {
        self.runtime = runtime
        runtime.host = self
    }

    // MARK: Application events

    /// Forwards `application(_:didFinishLaunchingWithOptions:)`.
    public func didFinishLaunching(options: [UIApplication.LaunchOptionsKey: Any]?) {
        var reason = LaunchOptions.Reason.user
        if let url = options?[.url] as? URL { reason = .url(url) }
        deliver(.launch(LaunchOptions(reason: reason)))
    }

    /// Forwards `application(_:didDiscardSceneSessions:)`.
    public func didDiscard(_ sessions: Set<UISceneSession>) {
        let ids = sessions.map { SceneSessionID($0.persistentIdentifier) }
        for id in ids { uiSessions[id] = nil }
        deliver(.discardSessions(ids))
    }

    /// Forwards `applicationDidReceiveMemoryWarning(_:)`.
    public func didReceiveMemoryWarning() { deliver(.memoryWarning) }

    /// Forwards `applicationProtectedDataWillBecomeUnavailable(_:)` (the device is locking).
    public func protectedDataWillBecomeUnavailable() { deliver(.protectedDataWillBecomeUnavailable) }

    /// Forwards `applicationProtectedDataDidBecomeAvailable(_:)` (the device was unlocked).
    public func protectedDataDidBecomeAvailable() { deliver(.protectedDataDidBecomeAvailable) }

    /// Forwards `applicationWillTerminate(_:)`.
    public func willTerminate() { deliver(.terminate) }

    // MARK: Scene events

    /// Forwards `scene(_:willConnectTo:options:)`, with URL contexts, user activities and the
    /// session's restoration activity.
    public func willConnect(_ scene: UIScene, session: UISceneSession, options: UIScene.ConnectionOptions) {
        let id = SceneSessionID(session.persistentIdentifier)
        uiSessions[id] = session
        let payload = session.stateRestorationActivity?.userInfo?[AppleHost.restorationPayloadKey] as? Data
        let connection = ConnectionOptions(
            urls: options.urlContexts.map(\.url),
            userActivities: options.userActivities.map(Self.activity),
            shortcutItemType: options.shortcutItem?.type,
            notificationResponse: options.notificationResponse.map(Self.payload)
        )
        // UIKit follows with `sceneWillEnterForeground` for a foreground connection, so the scene
        // connects to the background here and that callback brings it up.
        deliver(.connectScene(SceneSession(id: id, role: session.role.rawValue, restorationPayload: payload), connection, foreground: false))
    }

    /// Forwards a scene-delegate state callback: `state` is the state the scene reaches.
    public func scene(_ session: UISceneSession, reached state: SceneState) {
        deliver(.moveScene(SceneSessionID(session.persistentIdentifier), to: state))
    }

    /// Forwards `sceneDidDisconnect(_:)`.
    public func didDisconnect(_ session: UISceneSession) {
        deliver(.disconnectScene(SceneSessionID(session.persistentIdentifier)))
    }

    /// Forwards `scene(_:openURLContexts:)`.
    public func open(_ contexts: Set<UIOpenURLContext>, in session: UISceneSession) {
        deliver(.openURLs(contexts.map(\.url), in: SceneSessionID(session.persistentIdentifier)))
    }

    /// Forwards `scene(_:continue:)`.
    public func `continue`(_ activity: NSUserActivity, in session: UISceneSession) {
        deliver(.continueActivity(Self.activity(activity), in: SceneSessionID(session.persistentIdentifier)))
    }

    /// Answers `stateRestorationActivity(for:)` from the payload the runtime collected.
    public func stateRestorationActivity(for session: UISceneSession) -> NSUserActivity? {
        guard let payload = runtime.sessions[SceneSessionID(session.persistentIdentifier)]?.restorationPayload else { return nil }
        let activity = NSUserActivity(activityType: AppleHost.restorationActivityType)
        activity.userInfo = [AppleHost.restorationPayloadKey: payload]
        return activity
    }

    // MARK: LifecycleHost

    public func submit(_ request: BackgroundTaskRequest) {
        #if (canImport(BackgroundTasks) && os(iOS)) || LIFELINE_APPLE_SHIM
        let bgRequest: BGTaskRequest
        switch request.kind {
        case .appRefresh:
            bgRequest = BGAppRefreshTaskRequest(identifier: request.identifier)
        case let .processing(power, network):
            let processing = BGProcessingTaskRequest(identifier: request.identifier)
            processing.requiresExternalPower = power
            processing.requiresNetworkConnectivity = network
            bgRequest = processing
        }
        if let earliest = request.earliestBegin {
            bgRequest.earliestBeginDate = runtime.clock.date.addingTimeInterval(Self.seconds(runtime.clock.now.duration(to: earliest)))
        }
        do {
            try BGTaskScheduler.shared.submit(bgRequest)
        } catch {
            runtime.logger.error("Background task request \(request.identifier, privacy: .public) refused: \(error)")
        }
        #endif
    }

    public func cancelBackgroundTaskRequest(identifier: String) {
        #if (canImport(BackgroundTasks) && os(iOS)) || LIFELINE_APPLE_SHIM
        BGTaskScheduler.shared.cancel(taskRequestWithIdentifier: identifier)
        #endif
    }

    public func requestSceneActivation(_ options: ConnectionOptions) {
        let activity = options.userActivities.first.map(Self.nsActivity)
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil) { [runtime] error in
            runtime.logger.error("Scene activation refused: \(error)")
        }
    }

    public func requestSceneDestruction(_ session: SceneSessionID) {
        guard let uiSession = uiSessions[session] else { return }
        UIApplication.shared.requestSceneSessionDestruction(uiSession, options: nil) { [runtime] error in
            runtime.logger.error("Scene destruction refused: \(error)")
        }
    }

    public func extraTimeBegan(_ lease: ExtraTimeLease) {
        let key = ObjectIdentifier(lease)
        backgroundTaskIDs[key] = UIApplication.shared.beginBackgroundTask(withName: lease.name) { [weak self] in
            self?.extraTimeEnded(lease)
        }
    }

    public func extraTimeEnded(_ lease: ExtraTimeLease) {
        guard let id = backgroundTaskIDs.removeValue(forKey: ObjectIdentifier(lease)) else { return }
        UIApplication.shared.endBackgroundTask(id)
    }

    /// Registers every background-task handler the runtime knows with `BGTaskScheduler`; call it
    /// before `didFinishLaunching` returns, as `BGTaskScheduler` requires.
    public func registerBackgroundTasks(identifiers: [String]) {
        #if (canImport(BackgroundTasks) && os(iOS)) || LIFELINE_APPLE_SHIM
        for identifier in identifiers {
            BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: .main) { [weak self] task in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.deliver(.runBackgroundTask(identifier: identifier))
                    guard let running = self.runtime.runningTasks[identifier] else {
                        task.setTaskCompleted(success: false)
                        return
                    }
                    task.expirationHandler = { [weak self] in
                        MainActor.assumeIsolated { self?.deliver(.expireBackgroundTask(identifier: identifier)) }
                    }
                    running.scope.onEnd { task.setTaskCompleted(success: running.completion ?? false) }
                }
            }
        }
        #endif
    }

    // MARK: Helpers

    private func deliver(_ event: HostEvent) {
        do {
            try runtime.handle(event)
        } catch {
            runtime.logger.error("UIKit delivered an event the runtime refused: \(error.description, privacy: .public)")
        }
    }

    private static func activity(_ activity: NSUserActivity) -> UserActivity {
        var info: [String: String] = [:]
        for (key, value) in activity.userInfo ?? [:] {
            if let key = key as? String, let value = value as? String { info[key] = value }
        }
        return UserActivity(activityType: activity.activityType, webpageURL: activity.webpageURL, userInfo: info)
    }

    private static func nsActivity(_ activity: UserActivity) -> NSUserActivity {
        let result = NSUserActivity(activityType: activity.activityType)
        result.webpageURL = activity.webpageURL
        result.userInfo = activity.userInfo
        return result
    }

    private static func payload(_ response: UNNotificationResponse) -> [String: String] {
        var info: [String: String] = [:]
        for (key, value) in response.notification.request.content.userInfo {
            if let key = key as? String, let value = value as? String { info[key] = value }
        }
        return info
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
#endif
