#if os(Linux)
import Foundation

/// Mirrors UserNotifications' `class UNNotificationResponse`
/// (https://developer.apple.com/documentation/usernotifications/unnotificationresponse).
open class UNNotificationResponse: NSObject {
    /// Mirrors `@NSCopying var notification: UNNotification { get }` (…/unnotificationresponse/notification).
    public let notification: UNNotification

    /// Not in UserNotifications (the system creates responses): for tests.
    public init(shimNotification notification: UNNotification) {
        self.notification = notification
    }
}

/// Mirrors `class UNNotification` (https://developer.apple.com/documentation/usernotifications/unnotification).
open class UNNotification: NSObject {
    /// Mirrors `@NSCopying var request: UNNotificationRequest { get }` (…/unnotification/request).
    public let request: UNNotificationRequest

    /// Not in UserNotifications: for tests.
    public init(shimRequest request: UNNotificationRequest) {
        self.request = request
    }
}

/// Mirrors `class UNNotificationRequest` (https://developer.apple.com/documentation/usernotifications/unnotificationrequest).
open class UNNotificationRequest: NSObject {
    /// Mirrors `@NSCopying var content: UNNotificationContent { get }` (…/unnotificationrequest/content).
    public let content: UNNotificationContent

    /// Not in UserNotifications (its initializer takes a trigger too): for tests.
    public init(shimContent content: UNNotificationContent) {
        self.content = content
    }
}

/// Mirrors `class UNNotificationContent` (https://developer.apple.com/documentation/usernotifications/unnotificationcontent).
open class UNNotificationContent: NSObject {
    /// Mirrors `var userInfo: [AnyHashable : Any] { get }` (…/unnotificationcontent/userinfo).
    public let userInfo: [AnyHashable: Any]

    /// Not in UserNotifications: for tests.
    public init(shimUserInfo userInfo: [AnyHashable: Any]) {
        self.userInfo = userInfo
    }
}
#endif
