import Foundation

/// Maps URLs, universal links and user activities to the app's typed routes.
///
/// ```swift
/// let router = LinkRouter<AppRoute> { url in
///     url.scheme == "campuslibrary" && url.host == "book" ? .book(url.lastPathComponent) : nil
/// }
/// let routes = router.routes(for: scene.connectionOptions)
/// ```
///
/// A `Sendable` value built once at the composition root.
public struct LinkRouter<Route: Sendable>: Sendable {
    private let parseURL: @Sendable (URL) -> Route?
    private let parseActivity: @Sendable (UserActivity) -> Route?

    /// Creates a router. Universal links (`browsingWeb` activities) go through `url` unless
    /// `activity` handles them first.
    public init(
        url: @escaping @Sendable (URL) -> Route?,
        activity: @escaping @Sendable (UserActivity) -> Route? = { _ in nil }
    ) {
        self.parseURL = url
        self.parseActivity = activity
    }

    /// The route for `url`, or `nil` if the app does not handle it.
    public func route(for url: URL) -> Route? {
        parseURL(url)
    }

    /// The route for `activity`, or `nil` if the app does not handle it.
    public func route(for activity: UserActivity) -> Route? {
        if let route = parseActivity(activity) { return route }
        if activity.activityType == UserActivity.browsingWeb, let url = activity.webpageURL { return parseURL(url) }
        return nil
    }

    /// The routes carried by a scene's connection options, URLs first, in order.
    public func routes(for options: ConnectionOptions) -> [Route] {
        options.urls.compactMap(route(for:)) + options.userActivities.compactMap(route(for:))
    }
}
