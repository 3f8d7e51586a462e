import Foundation

/// What a scene is connected with (UIKit's `UIScene.ConnectionOptions`): URLs to open, user
/// activities (universal links, handoff), a shortcut item and a notification response.
/// A `Sendable` value created by the host.
public struct ConnectionOptions: Hashable, Sendable {
    /// URLs the scene was opened for (custom schemes).
    public var urls: [URL]
    /// User activities to continue, universal links among them.
    public var userActivities: [UserActivity]
    /// The type of the home-screen shortcut that opened the scene, if any.
    public var shortcutItemType: String?
    /// The payload of the notification the user tapped, if any.
    public var notificationResponse: [String: String]?

    /// Creates options; everything defaults to empty.
    public init(
        urls: [URL] = [],
        userActivities: [UserActivity] = [],
        shortcutItemType: String? = nil,
        notificationResponse: [String: String]? = nil
    ) {
        self.urls = urls
        self.userActivities = userActivities
        self.shortcutItemType = shortcutItemType
        self.notificationResponse = notificationResponse
    }

    /// No URLs, activities, shortcut or notification.
    public static let none = ConnectionOptions()
}
