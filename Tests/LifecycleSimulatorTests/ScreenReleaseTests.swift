import Lifecycle
import LifecycleSimulator
import Testing

/// The built-in check that a disconnected scene's screens are released once the app has idled
/// (``Violation/Kind/screenOutlivedScene``), on ``WindowScreenApp``.
@Suite("Screens released with their scene")
@MainActor
struct ScreenReleaseTests {
    /// The user launch opens scene 1's window; a second window opens and closes.
    static let twoWindowsOneClosed: [SimulationEvent] = [
        .launch(.user), .connectScene(scene: 2, foreground: true, restoration: nil), .disconnectScene(scene: 2),
    ]

    @Test("a window kept after its scene disconnected is reported once the app has idled, with the scene, the step and the screen's type; released, it passes")
    func keptWindowIsReported() async throws {
        let leaking = try await Simulator(app: WindowScreenApp.app(keepsClosedWindows: true)).replay(Self.twoWindowsOneClosed)
        let violation = try #require(leaking.violation)
        #expect(violation.kind == .screenOutlivedScene)
        #expect(violation.step == Self.twoWindowsOneClosed.count, "judged in the final check, after the liveness wait")
        #expect(violation.message.contains("scene S2 disconnected at step 2, but its Window is still alive after the app idled for 10.0 seconds"), "\(violation.message)")
        #expect(leaking.traceText.contains("disconnected, still alive: Window"), "the timeline shows what its disconnection left")

        let released = try await Simulator(app: WindowScreenApp.app(keepsClosedWindows: false)).replay(Self.twoWindowsOneClosed)
        #expect(released.passed, "\(released.violation?.description ?? "")")
        #expect(!released.traceText.contains("still alive"))
    }

    @Test("one model registered by two scenes is reported when the second registers it, with both scenes and its type; the explorer finds it on seed 1")
    func sharedModelIsReported() async throws {
        let schedule: [SimulationEvent] = [.launch(.user), .connectScene(scene: 2, foreground: true, restoration: nil)]
        let shared = try await Simulator(app: WindowScreenApp.app(keepsClosedWindows: false, sharesOneList: true)).replay(schedule)
        let violation = try #require(shared.violation)
        #expect(violation.kind == .screenSharedByScenes)
        #expect(violation.step == 1)
        #expect(violation.message.hasPrefix("scene S2 registered scene S1's ListModel as its own"), "\(violation.message)")
        let explored = await Explorer(simulator: Simulator(app: WindowScreenApp.app(keepsClosedWindows: false, sharesOneList: true)))
            .explore(seed: 1, schedules: 100)
        // The shared model is also kept by the other scene once one disconnects: whichever the
        // first failing schedule meets first, the report names the model.
        let found = try #require(explored.failure?.violation)
        #expect([.screenSharedByScenes, .screenOutlivedScene].contains(found.kind), "\(found)")
        #expect(found.message.contains("ListModel"), "\(found.message)")
        let own = try await Simulator(app: WindowScreenApp.app(keepsClosedWindows: false)).replay(schedule)
        #expect(own.passed, "\(own.violation?.description ?? "")")
    }

    @Test("a session that connects again, with a new window, is still checked for its old one")
    func reconnectedSessionKeepsItsOldWindowWatched() async throws {
        let schedule = Self.twoWindowsOneClosed + [.connectScene(scene: 2, foreground: true, restoration: nil)]
        let leaking = try await Simulator(app: WindowScreenApp.app(keepsClosedWindows: true)).replay(schedule)
        #expect(leaking.violation?.kind == .screenOutlivedScene)
        #expect(leaking.violation?.message.contains("scene S2 disconnected at step 2") == true)
        let released = try await Simulator(app: WindowScreenApp.app(keepsClosedWindows: false)).replay(schedule)
        #expect(released.passed, "\(released.violation?.description ?? "")")
    }

    @Test("a process suspended with no work left is judged too: nothing could release the window later")
    func suspendedWithoutWorkIsJudged() async throws {
        let schedule: [SimulationEvent] = [.launch(.user), .disconnectScene(scene: 1)]
        let leaking = try await Simulator(app: WindowScreenApp.app(keepsClosedWindows: true)).replay(schedule)
        #expect(leaking.traceText.contains("suspend"), "the app, with no scene and no background time, is suspended")
        #expect(leaking.violation?.kind == .screenOutlivedScene)
        #expect(leaking.violation?.message.contains("still alive in the suspended process, with no task or timer left") == true)
        let released = try await Simulator(app: WindowScreenApp.app(keepsClosedWindows: false)).replay(schedule)
        #expect(released.passed, "\(released.violation?.description ?? "")")
    }

    @Test("the explorer finds the kept window on seed 1 and shrinks it to a launch, a connection and a disconnection; released, 300 schedules pass")
    func explorerFindsKeptWindow() async throws {
        let leaking = await Explorer(simulator: Simulator(app: WindowScreenApp.app(keepsClosedWindows: true))).explore(seed: 1, schedules: 300)
        let failure = try #require(leaking.failure)
        #expect(failure.violation.kind == .screenOutlivedScene)
        #expect(failure.events.count <= 3, "\(failure.events)")

        let released = await Explorer(simulator: Simulator(app: WindowScreenApp.app(keepsClosedWindows: false))).explore(seed: 1, schedules: 300)
        #expect(released.passed, "\(released.failure?.text ?? "")")
    }
}
