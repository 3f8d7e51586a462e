import Lifecycle
import ProcessHost

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The example app: keeps an event log of every lifecycle callback and host decision, and draws
/// the current scene states, the application phase and the log. Keys: `q` quit, `m` memory
/// warning, `w` open or close a second window, `l` take a 3-second extra-time lease, `b` submit a
/// background refresh. Owned by `main.swift`; lives on the main actor.
@MainActor
final class ExampleApp: ApplicationDelegate {
    private let host: ProcessHost
    private let screen: ExampleScreen
    private var events: [String] = []
    private var secondWindow: SceneSessionID?
    private var refreshCount = 0

    init(host: ProcessHost) {
        self.host = host
        self.screen = ExampleScreen(terminal: host.terminal)
        host.runtime.applicationDelegate = self
        host.runtime.addApplicationObserver { [weak self] event in self?.record("app  \(event)") }
        host.runtime.sceneDelegateFactory = { [weak self] scene in
            ExampleScene { message in self?.record("scene \(scene.id.rawValue.prefix(8)) \(message)") }
        }
        host.onKey = { [weak self] key in self?.handle(key) }
        host.onRedraw = { [weak self] _ in self?.draw() }
    }

    func didFinishLaunching(_ runtime: LifecycleRuntime, options: LaunchOptions) {
        do {
            try runtime.registerBackgroundTask("refresh") { [weak self] task in
                self?.refreshCount += 1
                self?.record("background refresh ran (#\(self?.refreshCount ?? 0))")
                task.setTaskCompleted(success: true)
            }
        } catch {
            record("could not register the refresh task: \(error)")
        }
    }

    private func handle(_ key: KeyPress) {
        switch key {
        case .character("q"):
            record("quit requested")
            host.quit()
        case .character("m"):
            record("sending SIGUSR1 to this process (a simulated memory warning)")
            kill(getpid(), SIGUSR1)
        case .character("w"):
            toggleSecondWindow()
        case .character("l"):
            takeLease()
        case .character("b"):
            submitRefresh()
        default:
            record("key \(key)")
        }
    }

    private func toggleSecondWindow() {
        if let window = secondWindow, host.runtime.scenes[window] != nil {
            host.runtime.requestSceneDestruction(window)
            secondWindow = nil
        } else {
            let before = Set(host.runtime.scenes.keys)
            host.runtime.requestSceneActivation()
            secondWindow = host.runtime.scenes.keys.first { !before.contains($0) }
        }
    }

    private func takeLease() {
        let lease = host.runtime.beginExtraTime("example lease")
        record("extra-time lease taken for 3 s (Ctrl-Z now waits for it)")
        host.clock.schedule(after: .seconds(3)) { [weak self] in
            lease.end()
            self?.record("extra-time lease ended")
        }
    }

    private func submitRefresh() {
        let earliest = host.clock.now.advanced(by: .seconds(2))
        do {
            try host.runtime.submit(BackgroundTaskRequest(identifier: "refresh", earliestBegin: earliest))
            record("background refresh submitted (not before 2 s)")
        } catch {
            record("submit failed: \(error)")
        }
    }

    /// Appends a line from the host's log.
    func recordHostLog(_ record: LogRecord) {
        self.record("host  \(record.message)")
    }

    private func record(_ message: String) {
        let line = "\(host.clock.now)  \(message)"
        events.append(line)
        if events.count > 200 { events.removeFirst(events.count - 200) }
        if !host.terminal.isInteractive { screen.printPlain(line) }
        draw()
    }

    private func draw() {
        guard host.terminal.isInteractive, host.isInForeground else { return }
        let scenes = host.runtime.connectedScenes.map { "\($0.id.rawValue.prefix(8)): \($0.state)" }
        screen.draw(
            phase: "\(host.runtime.applicationPhase)", process: "\(host.runtime.processState)",
            scenes: scenes, events: events
        )
    }
}
