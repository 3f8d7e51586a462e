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

    struct Outage: TransientError {
        var isTransient: Bool
    }

    @Test("each state is explicit and maps its value")
    func states() {
        #expect(LoadState(Result<Int, any Error>.success(2)).map { $0 * 2 }.value == 4)
        #expect(LoadState<Int>(.failure(Failed())).error is Failed)
        #expect(LoadState<Int>.loading.isLoading)
        #expect(LoadState<Int>.idle.value == nil)
    }

    @Test("a lookup that found nothing is notFound; a transient failure is unavailable; any other failure is failed")
    func outcomesWithoutValue() {
        #expect(LoadState<Int>(lookup: .success(nil)).isNotFound)
        #expect(LoadState<Int>(lookup: .success(3)).value == 3)
        let unavailable = LoadState<Int>(lookup: .failure(Outage(isTransient: true)))
        #expect(unavailable.isUnavailable && !unavailable.isNotFound)
        #expect(unavailable.error is Outage)
        let failed = LoadState<Int>(.failure(Outage(isTransient: false)))
        #expect(!failed.isUnavailable && failed.error is Outage)
        #expect(LoadState<Int>(lookup: .failure(Failed())).error is Failed)
        #expect(LoadState<Int>.notFound.map { $0 + 1 }.isNotFound)
        #expect(unavailable.map { $0 + 1 }.isUnavailable)
        #expect(LoadState<Int>.notFound.error == nil)
    }
}

@Suite("RetryBackoff")
struct RetryBackoffTests {
    @Test("waits grow from the initial delay by the multiplier and stop at the maximum")
    func delays() {
        let backoff = RetryBackoff(initial: .seconds(2), multiplier: 2, maximum: .seconds(60))
        #expect((0...8).map { backoff.delay(afterFailures: $0) } == [0, 2, 4, 8, 16, 32, 60, 60, 60].map { Duration.seconds($0) })
        #expect(backoff.delay(afterFailures: Int.max) == .seconds(60))
    }

    @Test("nonsensical settings are made sane: a multiplier below 1, a maximum below the initial delay")
    func sanitised() {
        let backoff = RetryBackoff(initial: .seconds(5), multiplier: 0, maximum: .seconds(1))
        #expect(backoff.multiplier == 1 && backoff.maximum == .seconds(5))
        #expect(backoff.delay(afterFailures: 10) == .seconds(5))
    }
}
