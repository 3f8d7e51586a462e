import Foundation

/// A platform-neutral `NSUserActivity`: an activity type, an optional web page URL (universal
/// links use `browsingWeb` with one) and small string values. A `Sendable` value.
public struct UserActivity: Hashable, Codable, Sendable {
    /// The activity type of a universal link (`NSUserActivityTypeBrowsingWeb`).
    public static let browsingWeb = "NSUserActivityTypeBrowsingWeb"

    /// The activity's type, such as `browsingWeb` or an app-defined reverse-DNS string.
    public var activityType: String
    /// The web page URL of a universal link.
    public var webpageURL: URL?
    /// Small values carried with the activity.
    public var userInfo: [String: String]

    /// Creates an activity.
    public init(activityType: String, webpageURL: URL? = nil, userInfo: [String: String] = [:]) {
        self.activityType = activityType
        self.webpageURL = webpageURL
        self.userInfo = userInfo
    }

    /// A universal link to `url`.
    public static func universalLink(_ url: URL) -> UserActivity {
        UserActivity(activityType: browsingWeb, webpageURL: url)
    }
}
