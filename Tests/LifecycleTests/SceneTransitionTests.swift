import Foundation
import Lifecycle
import LifelineTestSupport
import Testing

/// One row of LIFECYCLE.md's scene-transition table (plus the jumps between non-adjacent states):
/// the scene starts in `start` (or is not connected), the host delivers `action`, and the log of
/// the scene delegate, two scene observers (`o1` added before `o2`) and two application observers
/// (`a1` before `a2`) must be exactly `expected`.
struct SceneTransitionCase: Sendable, CustomTestStringConvertible {
    enum Action: Sendable {
        case connect(foreground: Bool)
        case move(SceneState)
        case disconnect
    }

    let start: SceneState?
    let action: Action
    let expected: [String]

    var testDescription: String {
        let from = start.map(\.description) ?? "no scene"
        switch action {
        case .connect(let foreground): return "\(from) → connect(foreground: \(foreground))"
        case .move(let state): return "\(from) → \(state)"
        case .disconnect: return "\(from) → disconnect"
        }
    }
}

/// Scene callbacks in observer order: up = delegate, o1, o2; down = o2, o1, delegate.
private func up(_ event: String) -> [String] {
    ["delegate[A] \(event)", "o1[A] \(event)", "o2[A] \(event)"]
}

private func down(_ event: String) -> [String] {
    ["o2[A] \(event)", "o1[A] \(event)", "delegate[A] \(event)"]
}

/// Application observer callbacks: up = a1, a2; down = a2, a1.
private func appUp(_ event: String) -> [String] { ["a1 \(event)", "a2 \(event)"] }
private func appDown(_ event: String) -> [String] { ["a2 \(event)", "a1 \(event)"] }

private let restoration = ["delegate[A] restoration"]

private let sceneTransitionRows: [SceneTransitionCase] = [
    // unattached → foregroundInactive: willConnect → willEnterForeground.
    .init(start: nil, action: .connect(foreground: true),
          expected: up("willConnect") + up("willEnterForeground") + appUp("willEnterForeground")),
    // unattached → background (system-requested scene): willConnect only.
    .init(start: nil, action: .connect(foreground: false), expected: up("willConnect")),
    // foregroundInactive → foregroundActive.
    .init(start: .foregroundInactive, action: .move(.foregroundActive),
          expected: up("didBecomeActive") + appUp("didBecomeActive")),
    // foregroundActive → foregroundInactive (an interruption).
    .init(start: .foregroundActive, action: .move(.foregroundInactive),
          expected: down("willResignActive") + appDown("willResignActive")),
    // foregroundInactive → background: the restoration payload is requested after the callback.
    .init(start: .foregroundInactive, action: .move(.background),
          expected: down("didEnterBackground") + restoration + appDown("didEnterBackground")),
    // background → foregroundInactive.
    .init(start: .background, action: .move(.foregroundInactive),
          expected: up("willEnterForeground") + appUp("willEnterForeground")),
    // background → unattached: restoration requested → didDisconnect.
    .init(start: .background, action: .disconnect, expected: restoration + down("didDisconnect")),
    // Jumps are delivered as the intermediate events.
    .init(start: .background, action: .move(.foregroundActive),
          expected: up("willEnterForeground") + appUp("willEnterForeground")
              + up("didBecomeActive") + appUp("didBecomeActive")),
    .init(start: .foregroundActive, action: .move(.background),
          expected: down("willResignActive") + appDown("willResignActive")
              + down("didEnterBackground") + restoration + appDown("didEnterBackground")),
    .init(start: .foregroundInactive, action: .disconnect,
          expected: down("didEnterBackground") + restoration + appDown("didEnterBackground")
              + restoration + down("didDisconnect")),
    .init(start: .foregroundActive, action: .disconnect,
          expected: down("willResignActive") + appDown("willResignActive")
              + down("didEnterBackground") + restoration + appDown("didEnterBackground")
              + restoration + down("didDisconnect")),
]

@Suite("LifecycleRuntime scene transitions")
@MainActor
struct SceneTransitionTests {
    /// A launched rig with application observers a1, a2 and, when `start` is set, scene A in that
    /// state with observers o1, o2 — all caught up, log emptied.
    private func rig(start: SceneState?) throws -> LifecycleTestRig {
        let rig = LifecycleTestRig()
        try rig.launch()
        rig.observeApplication(as: "a1")
        rig.observeApplication(as: "a2")
        if let start {
            try rig.connect("A", foreground: start.isForeground)
            if start == .foregroundActive { try rig.move("A", to: .foregroundActive) }
            rig.observe("A", as: "o1")
            rig.observe("A", as: "o2")
        } else {
            rig.onSceneCreated = { [log = rig.log] scene in
                scene.addObserver(log.sceneObserver("o1", scene: scene.id))
                scene.addObserver(log.sceneObserver("o2", scene: scene.id))
            }
        }
        rig.log.take()
        return rig
    }

    @Test("each transition delivers exactly its callbacks, in order", arguments: sceneTransitionRows)
    func transition(_ row: SceneTransitionCase) throws {
        let rig = try rig(start: row.start)
        switch row.action {
        case .connect(let foreground): try rig.connect("A", foreground: foreground)
        case .move(let state): try rig.move("A", to: state)
        case .disconnect: try rig.disconnect("A")
        }
        #expect(rig.log.take() == row.expected)
        switch row.action {
        case .connect(let foreground):
            #expect(rig.scene("A")?.state == (foreground ? .foregroundInactive : .background))
        case .move(let state):
            #expect(rig.scene("A")?.state == state)
        case .disconnect:
            #expect(rig.scene("A") == nil)
            #expect(rig.runtime.sessions[SceneSessionID("A")] != nil)
        }
    }

    @Test("an interruption stops at inactive and comes back with didBecomeActive")
    func interruption() throws {
        let rig = try rig(start: .foregroundActive)
        try rig.move("A", to: .foregroundInactive)
        try rig.move("A", to: .foregroundActive)
        #expect(rig.log.take() == down("willResignActive") + appDown("willResignActive")
            + up("didBecomeActive") + appUp("didBecomeActive"))
    }

    @Test("the scene factory runs once per connection, before willConnect, with the options")
    func factoryRunsBeforeWillConnect() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        var created: [LifecycleScene] = []
        rig.onSceneCreated = { [log = rig.log] scene in
            created.append(scene)
            log.record("factory[\(scene.id)] state=\(scene.state)")
        }
        let url = try #require(URL(string: "campuslibrary://book/42"))
        let options = ConnectionOptions(
            urls: [url], userActivities: [.universalLink(try #require(URL(string: "https://example.org/b/1")))],
            shortcutItemType: "search", notificationResponse: ["loan": "7"]
        )
        rig.log.take()
        try rig.connect("A", options: options)
        #expect(rig.log.take() == [
            "factory[A] state=unattached", "delegate[A] willConnect", "delegate[A] willEnterForeground",
        ])
        #expect(rig.scene("A")?.connectionOptions == options)
        try rig.disconnect("A")
        try rig.connect("A")
        #expect(created.count == 2)
        #expect(created.first !== created.last)
    }

    @Test("observers added in the scene factory still hear the delegate first going up and last going down")
    func delegateIsFirstObserver() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        rig.onSceneCreated = { [log = rig.log] scene in scene.addObserver(log.sceneObserver("early", scene: scene.id)) }
        rig.log.take()
        try rig.connect("A", foreground: false)
        try rig.move("A", to: .foregroundInactive)
        try rig.move("A", to: .background)
        #expect(rig.log.take() == [
            "delegate[A] willConnect", "early[A] willConnect",
            "delegate[A] willEnterForeground", "early[A] willEnterForeground",
            "early[A] didEnterBackground", "delegate[A] didEnterBackground", "delegate[A] restoration",
        ])
    }

    @Test("URLs and activities reach the connected scene's delegate")
    func openURLsAndActivities() throws {
        let rig = try rig(start: .foregroundActive)
        let url = try #require(URL(string: "campuslibrary://book/7"))
        let activity = UserActivity.universalLink(try #require(URL(string: "https://example.org/b/7")))
        try rig.runtime.handle(.openURLs([url], in: SceneSessionID("A")))
        try rig.runtime.handle(.continueActivity(activity, in: SceneSessionID("A")))
        #expect(rig.log.take() == ["delegate[A] openURLs", "delegate[A] continue"])
        #expect(rig.delegate("A")?.openedURLs == [url])
        #expect(rig.delegate("A")?.continuedActivities == [activity])
        #expect(throws: LifecycleError.unknownScene(SceneSessionID("B"), event: "openURLs")) {
            try rig.runtime.handle(.openURLs([url], in: SceneSessionID("B")))
        }
    }
}
