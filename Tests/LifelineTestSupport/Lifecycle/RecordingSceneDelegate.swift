import Foundation
import Lifecycle

/// A scene delegate that records every callback as `"delegate[<scene>] <callback>"` and answers
/// restoration requests with ``payload``. Created by ``LifecycleTestRig``'s scene factory, one per
/// scene object; lives on the main actor.
@MainActor
public final class RecordingSceneDelegate: SceneDelegate {
    /// Where callbacks are recorded.
    public let log: LifecycleEventLog
    /// The scene object this delegate serves (weakly held).
    public private(set) weak var scene: LifecycleScene?
    /// What `stateRestorationPayload(for:)` returns; recorded as `restoration`.
    public var payload: Data?
    /// Runs after each state callback has been recorded, for tests that act from inside one.
    public var onEvent: (@MainActor (SceneEvent) -> Void)?
    /// URLs and activities delivered while connected.
    public private(set) var openedURLs: [URL] = []
    /// Activities continued while connected.
    public private(set) var continuedActivities: [UserActivity] = []
    private let name: String

    /// Creates a delegate for `scene` recording to `log`.
    public init(scene: LifecycleScene, log: LifecycleEventLog) {
        self.scene = scene
        self.log = log
        self.name = "delegate[\(scene.id)]"
    }

    private func record(_ event: SceneEvent) {
        log.record("\(name) \(event)")
        onEvent?(event)
    }

    /// Records `willConnect`.
    public func sceneWillConnect(_ scene: LifecycleScene, options: ConnectionOptions) { record(.willConnect) }
    /// Records `willEnterForeground`.
    public func sceneWillEnterForeground(_ scene: LifecycleScene) { record(.willEnterForeground) }
    /// Records `didBecomeActive`.
    public func sceneDidBecomeActive(_ scene: LifecycleScene) { record(.didBecomeActive) }
    /// Records `willResignActive`.
    public func sceneWillResignActive(_ scene: LifecycleScene) { record(.willResignActive) }
    /// Records `didEnterBackground`.
    public func sceneDidEnterBackground(_ scene: LifecycleScene) { record(.didEnterBackground) }
    /// Records `didDisconnect`.
    public func sceneDidDisconnect(_ scene: LifecycleScene) { record(.didDisconnect) }

    /// Records `restoration` and returns ``payload``.
    public func stateRestorationPayload(for scene: LifecycleScene) -> Data? {
        log.record("\(name) restoration")
        return payload
    }

    /// Records `openURLs` and keeps the URLs.
    public func scene(_ scene: LifecycleScene, openURLs urls: [URL]) {
        log.record("\(name) openURLs")
        openedURLs += urls
    }

    /// Records `continue` and keeps the activity.
    public func scene(_ scene: LifecycleScene, continue activity: UserActivity) {
        log.record("\(name) continue")
        continuedActivities.append(activity)
    }
}
