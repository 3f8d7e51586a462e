import Foundation

/// Why and how the process was launched (UIKit's launch options), handed to
/// `willFinishLaunching` / `didFinishLaunching`. A `Sendable` value created by the host.
public struct LaunchOptions: Hashable, Sendable {
    /// What started the process.
    public enum Reason: Hashable, Sendable {
        /// The user opened the app.
        case user
        /// A URL opened the app.
        case url(URL)
        /// A user activity (universal link, handoff) opened the app.
        case userActivity(UserActivity)
        /// The user tapped a notification.
        case notification([String: String])
        /// The system launched the app in the background to run a background task.
        case backgroundTask(String)
        /// A silent push woke the app in the background.
        case silentPush
        /// The system launched the app ahead of the user (prewarming, iOS 15 and later): the
        /// launch runs, possibly while the device is locked or before its first unlock, and no
        /// scene connects until the user opens the app.
        case prewarm
    }

    /// What started the process.
    public var reason: Reason
    /// Sessions the user discarded while the app was not running; reported after launch.
    public var discardedSessions: [SceneSessionID]

    /// Creates launch options.
    public init(reason: Reason = .user, discardedSessions: [SceneSessionID] = []) {
        self.reason = reason
        self.discardedSessions = discardedSessions
    }

    /// Whether the launch happens without any scene coming to the foreground.
    public var isBackgroundLaunch: Bool {
        switch reason {
        case .backgroundTask, .silentPush, .prewarm: true
        case .user, .url, .userActivity, .notification: false
        }
    }
}
