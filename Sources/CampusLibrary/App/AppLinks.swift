import Foundation
import Lifecycle

/// The app's deep links: `campuslibrary://book/<id>` and the universal link
/// `https://campuslibrary.example/book/<id>`, each optionally with `?window=new` to open the book
/// in a new window instead of the current one. A `Sendable` value built by the composition root.
public struct AppLinks: Sendable {
    /// Where a link asks to be shown.
    public enum Target: Hashable, Sendable {
        /// The window that received the link.
        case currentWindow
        /// A new window.
        case newWindow
    }

    /// A parsed link: the route and where to show it.
    public struct Destination: Hashable, Sendable {
        /// The screen to open.
        public var route: AppRoute
        /// The window to open it in.
        public var target: Target
    }

    /// The custom URL scheme.
    public static let scheme = "campuslibrary"
    /// The host of universal links.
    public static let universalLinkHost = "campuslibrary.example"

    /// The router built from ``destination(for:)``.
    public let router = LinkRouter<Destination> { url in AppLinks.destination(for: url) }

    /// Creates the link table.
    public init() {}

    /// The destination of `url`, or `nil` if it is not one of the app's links (or names a malformed
    /// book identifier).
    public static func destination(for url: URL) -> Destination? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        let segments: [String]
        switch components.scheme?.lowercased() {
        case scheme:
            segments = [components.host ?? ""] + components.path.split(separator: "/").map(String.init)
        case "https" where components.host?.lowercased() == universalLinkHost:
            segments = components.path.split(separator: "/").map(String.init)
        default:
            return nil
        }
        let target: Target = components.queryItems?.contains { $0.name == "window" && $0.value == "new" } == true
            ? .newWindow : .currentWindow
        switch segments.count {
        case 2 where segments[0] == "book":
            return BookID(segments[1]).map { Destination(route: .book($0), target: target) }
        case 1 where segments[0] == "basket":
            return Destination(route: .basket, target: target)
        case 1 where segments[0] == "profile":
            return Destination(route: .profile, target: target)
        default:
            return nil
        }
    }

    /// The custom-scheme link to `id`.
    public static func url(for id: BookID, newWindow: Bool = false) -> URL? {
        URL(string: "\(scheme)://book/\(id.rawValue)" + (newWindow ? "?window=new" : ""))
    }
}
