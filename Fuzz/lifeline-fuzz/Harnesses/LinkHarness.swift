import CampusLibrary
import Foundation
import Lifecycle

/// Campus Library's links (custom scheme and universal links), as the router receives them.
enum LinkHarness: Harness {
    static let name = "link"
    static let summary = "AppLinks' router on a URL and on a universal-link activity, and the book links it makes"

    static func run(_ input: Data) {
        guard let url = URL(string: String(decoding: input, as: UTF8.self)) else { return }
        let links = AppLinks()
        let destination = AppLinks.destination(for: url)
        promise(links.router.route(for: url) == destination, "the router and the link table disagree on \(url)")
        _ = links.router.route(for: UserActivity.universalLink(url))
        // The app's own link to a book leads where this one did.
        guard let destination, case .book(let id) = destination.route else { return }
        let own = AppLinks.url(for: id, newWindow: destination.target == .newWindow)
        promise(own.flatMap(AppLinks.destination(for:)) == destination, "the app's link to \(id) leads elsewhere than \(url)")
    }

    static func seeds() throws -> [String: Data] {
        var links: [String: URL?] = [
            "basket": URL(string: "\(AppLinks.scheme)://basket"),
            "profile-new-window": URL(string: "\(AppLinks.scheme)://profile?window=new"),
            "universal-book": URL(string: "https://\(AppLinks.universalLinkHost)/book/austen-pride"),
        ]
        if let emma = BookID("austen-emma") {
            links["book"] = AppLinks.url(for: emma)
            links["book-new-window"] = AppLinks.url(for: emma, newWindow: true)
        }
        return links.compactMapValues { $0.map { Data($0.absoluteString.utf8) } }
    }
}
