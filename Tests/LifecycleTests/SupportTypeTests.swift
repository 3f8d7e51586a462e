import Foundation
import Lifecycle
import Testing

@Suite("LogMessage")
struct LogMessageTests {
    @Test("interpolated values are private unless marked public")
    func redaction() {
        let token = "s3cr3t"
        let message: LogMessage = "user \(token) scene \("A", privacy: .public)"
        #expect(message.description == "user <private> scene A")
    }

    @Test("a logger drops records below its level and writes the rest to its sink")
    func levels() {
        let sink = MemoryLogSink()
        let logger = LifelineLogger(category: "test", sink: sink, minimumLevel: .warning)
        logger.info("hidden")
        logger.error("shown \(1, privacy: .public)")
        #expect(sink.records.map(\.description) == ["[error] test: shown 1"])
        sink.removeAll()
        #expect(sink.records.isEmpty)
    }
}

@Suite("LinkRouter")
struct LinkRouterTests {
    enum Route: Hashable, Sendable { case book(String) }

    let router = LinkRouter<Route> { url in
        url.host == "book" || url.path.hasPrefix("/book/") ? .book(url.lastPathComponent) : nil
    }

    @Test("URLs, universal links and connection options map to routes, unknown links to nothing")
    func routes() throws {
        let url = try #require(URL(string: "campuslibrary://book/42"))
        let link = UserActivity.universalLink(try #require(URL(string: "https://example.org/book/7")))
        #expect(router.route(for: url) == .book("42"))
        #expect(router.route(for: link) == .book("7"))
        #expect(router.route(for: UserActivity(activityType: "other")) == nil)
        #expect(router.route(for: try #require(URL(string: "campuslibrary://settings"))) == nil)
        #expect(router.routes(for: ConnectionOptions(urls: [url], userActivities: [link])) == [.book("42"), .book("7")])
    }
}

@Suite("NavigationState")
struct NavigationStateTests {
    @Test("validation cuts the path at the first stale route")
    func validated() {
        var state = NavigationState<String>()
        state.push("shelf")
        state.push("book 9")
        state.push("reviews")
        #expect(state.top == "reviews")
        #expect(state.validated { $0 != "book 9" }.path == ["shelf"])
        state.pop()
        #expect(state.path == ["shelf", "book 9"])
        state.popToRoot()
        state.pop()
        #expect(state.path.isEmpty)
    }
}

@Suite("LoadState")
struct LoadStateTests {
    struct Failed: Error {}

    @Test("each state is explicit and maps its value")
    func states() {
        #expect(LoadState(Result<Int, any Error>.success(2)).map { $0 * 2 }.value == 4)
        #expect(LoadState<Int>(.failure(Failed())).error is Failed)
        #expect(LoadState<Int>.loading.isLoading)
        #expect(LoadState<Int>.idle.value == nil)
    }
}
