import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator
import LifelineHistory
import Synchronization

/// Small apps that misbehave on purpose, for the simulator's own tests.
///
/// An app that reaches outside the simulated device: sleeps on the real clock (which the
/// simulator owns: they take virtual time) and real threads (which it does not: what comes back
/// from them is reported as escaped work).
@MainActor
final class EscapingApp {
    enum Escape: Sendable {
        /// A task sleeps ten minutes on the real clock, then traces `woke`.
        case realSleep
        /// A task waits for a detached task that sleeps ten minutes on the real clock, then
        /// traces `woke`.
        case detachedSleep
        /// Work started in the application scope waits for a continuation that a real thread
        /// resumes.
        case resumedFromThread
        /// A real thread writes a file.
        case storageOffMain
    }

    let environment: SimulationEnvironment

    init(environment: SimulationEnvironment, escape: Escape) {
        self.environment = environment
        let fileSystem = environment.fileSystem
        let clock = environment.clock
        switch escape {
        case .realSleep:
            Task {
                try? await Task.sleep(for: .seconds(600))
                environment.trace("woke at \(clock.now)")
            }
        case .detachedSleep:
            Task {
                await Task.detached { try? await Task.sleep(for: .seconds(600)) }.value
                environment.trace("woke at \(clock.now)")
            }
        case .resumedFromThread:
            let waiting = WaitingContinuation()
            // A scope task names the work in the report; its task waits for the continuation.
            environment.runtime.applicationScope.task("wait on a thread") {
                await Task { await withCheckedContinuation { waiting.keep($0) } }.value
            }
            // Runs after the task above has suspended (the main lane is first in, first out).
            Task { Self.onAnotherThread { waiting.resume() } }
        case .storageOffMain:
            Self.onAnotherThread {
                try? fileSystem.writeFile(Data("x".utf8), to: "/escaped.txt", permissions: 0o600)
            }
        }
    }

    /// Runs `body` on a new thread and waits for it (so that what it does happens within the step).
    nonisolated static func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        done.wait()
    }

    /// A continuation kept by one task for another to resume.
    final class WaitingContinuation: Sendable {
        private let continuation = Mutex<CheckedContinuation<Void, Never>?>(nil)

        func keep(_ continuation: CheckedContinuation<Void, Never>) {
            self.continuation.withLock { $0 = continuation }
        }

        func resume() {
            continuation.withLock { $0.take() }?.resume()
        }
    }

    static func app(_ escape: Escape) -> SimulatedApp<EscapingApp> {
        SimulatedApp(name: "EscapingApp") { environment in
            EscapingApp(environment: environment, escape: escape)
        } observe: { _ in [] }
    }
}

/// An app that keeps itself busy: a retry re-armed for the moment it fires, or a task that yields
/// without end; or, busy but not without end, a poll every millisecond.
@MainActor
final class BusyApp {
    enum Busyness: Sendable {
        /// A timer whose action schedules itself again at the clock's current instant.
        case timerDueAtOnce
        /// A tracked task that only yields, forever (tracked, so that the report names it).
        case yieldingTask
        /// A timer that re-arms itself a millisecond later, a thousand times.
        case millisecondPoll
    }

    let clock: VirtualClock
    private(set) var polls = 0

    init(environment: SimulationEnvironment, busyness: Busyness) {
        clock = environment.clock
        switch busyness {
        case .timerDueAtOnce:
            armAtOnce()
        case .yieldingTask:
            environment.runtime.applicationScope.task("spin") {
                while !Task.isCancelled { await Task.yield() }
            }
        case .millisecondPoll:
            armPoll()
        }
    }

    private func armAtOnce() {
        _ = clock.schedule(at: clock.now) { [weak self] in self?.armAtOnce() }
    }

    private func armPoll() {
        guard polls < 1_000 else { return }
        _ = clock.schedule(at: clock.now.advanced(by: .milliseconds(1))) { [weak self] in
            self?.polls += 1
            self?.armPoll()
        }
    }

    static func app(_ busyness: Busyness) -> SimulatedApp<BusyApp> {
        SimulatedApp(name: "BusyApp") { BusyApp(environment: $0, busyness: busyness) } observe: { _ in [] }
    }
}

/// An app whose task calls a custom actor between clock sleeps.
@MainActor
final class ActorApp {
    actor Counter {
        var value = 0
        func increment() -> Int {
            value += 1
            return value
        }
    }

    static let key = HistoryKey("count")
    let counter = Counter()
    var count: Int?

    init(environment: SimulationEnvironment) {
        Task { [self] in
            for _ in 0..<3 {
                let value = await counter.increment()
                count = value
                environment.history.edit(Self.key, text: "\(value)", persistence: .ephemeral)
                try? await environment.clock.sleep(for: .milliseconds(10))
            }
        }
    }

    static func app() -> SimulatedApp<ActorApp> {
        SimulatedApp(name: "ActorApp") { ActorApp(environment: $0) } observe: { app in
            app.count.map { [VisibleValue(key, text: "\($0)")] } ?? []
        }
    }
}

/// An app that, at launch, sets a 1 ms timer, then makes five synchronous writes with their
/// fsyncs, then calls the remote service "library" three times in a row (tracing each outcome).
@MainActor
final class LatencyApp {
    init(environment: SimulationEnvironment, mayFail: Bool) {
        let clock = environment.clock
        clock.schedule(after: .milliseconds(1)) { environment.trace("timer fired at \(clock.now)") }
        for index in 0..<5 {
            try? environment.fileSystem.writeFile(Data("\(index)".utf8), to: "/file\(index)", permissions: 0o600)
            try? environment.fileSystem.syncFile(at: "/file\(index)")
        }
        environment.trace("writes done at \(clock.now)")
        let library = environment.remoteService("library")
        Task {
            for _ in 0..<3 {
                do {
                    try await library.call("fetch", mayFail: mayFail)
                    environment.trace("fetched at \(clock.now)")
                } catch {
                    environment.trace("failed at \(clock.now): \(error)")
                }
            }
        }
    }

    static func app(mayFail: Bool = true) -> SimulatedApp<LatencyApp> {
        SimulatedApp(name: "LatencyApp") { LatencyApp(environment: $0, mayFail: mayFail) } observe: { _ in [] }
    }
}

/// An app with one counter the user bumps; each bump is saved at once by writing the counter's
/// file in place and syncing it (no temporary file, no rename), then acknowledged. Nothing else
/// in it is wrong.
@MainActor
final class InPlaceCounterApp {
    static let key = HistoryKey("counter")
    static let path = "/counter.txt"
    let environment: SimulationEnvironment
    private(set) var count: Int?

    init(environment: SimulationEnvironment) {
        self.environment = environment
        let stored = (try? environment.fileSystem.readFile(at: Self.path)).flatMap { String(data: $0, encoding: .utf8) }
        count = stored.map { Int($0) ?? -1 } ?? 0
    }

    func bump() {
        let next = (count ?? 0) + 1
        count = next
        environment.history.edit(Self.key, text: "\(next)")
        do {
            try environment.fileSystem.writeFile(Data("\(next)".utf8), to: Self.path, permissions: 0o600)
            try environment.fileSystem.syncFile(at: Self.path)
            environment.history.didSave(Self.key, text: "\(next)")
        } catch {}
    }

    static func app() -> SimulatedApp<InPlaceCounterApp> {
        var app = SimulatedApp<InPlaceCounterApp>(name: "InPlaceCounterApp") { InPlaceCounterApp(environment: $0) } observe: { app in
            [VisibleValue(key, text: app.count.map { $0 == 0 ? nil : "\($0)" } ?? nil)]
        }
        app.actions = [UserAction(name: "bump") { _ in true } perform: { context, _ in context.incarnation.bump() }]
        return app
    }
}

/// An app whose every window is a screen registered with the simulation's screen registry. With
/// `keepsClosedWindows` it keeps each window in an app-wide list when its scene disconnects
/// ("recently closed" done wrong), so the screen outlives its scene.
@MainActor
final class WindowScreenApp {
    /// A window: its scene's delegate and its only screen, with its list's model.
    final class Window: SceneDelegate, VisibleValues {
        let list: ListModel
        let onDisconnect: @MainActor (Window) -> Void

        init(list: ListModel, onDisconnect: @escaping @MainActor (Window) -> Void) {
            self.list = list
            self.onDisconnect = onDisconnect
        }

        var visibleValues: [VisibleValue] { [] }
        func sceneDidDisconnect(_ scene: LifecycleScene) { onDisconnect(self) }
    }

    /// A window's list: a model that shows nothing itself (its window would), registered with
    /// the window's scene.
    final class ListModel {}

    private(set) var closedWindows: [Window] = []
    /// The one list of every window, with `sharesOneList`.
    private let sharedList = ListModel()

    init(environment: SimulationEnvironment, keepsClosedWindows: Bool, sharesOneList: Bool) {
        let screens = environment.screens
        environment.runtime.sceneDelegateFactory = { [unowned self] scene in
            let list = sharesOneList ? sharedList : ListModel()
            let window = Window(list: list) { [unowned self] window in if keepsClosedWindows { closedWindows.append(window) } }
            screens.register(window, in: scene.id)
            screens.register(model: list, in: scene.id)
            return window
        }
    }

    static func app(keepsClosedWindows: Bool, sharesOneList: Bool = false) -> SimulatedApp<WindowScreenApp> {
        let name = keepsClosedWindows ? "WindowScreenApp[keeps closed windows]" : sharesOneList ? "WindowScreenApp[one list]" : "WindowScreenApp"
        return SimulatedApp(name: name) { environment in
            WindowScreenApp(environment: environment, keepsClosedWindows: keepsClosedWindows, sharesOneList: sharesOneList)
        } observe: { _ in [] }
    }
}
