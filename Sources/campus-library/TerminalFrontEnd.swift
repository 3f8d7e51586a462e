import CampusLibrary
import Dispatch
import DurableState
import Foundation
import Lifecycle
import Observation
import ProcessHost

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The thin layer between ``ProcessHost`` and the app's ``TerminalShell``: it keeps the windows
/// (which one is on screen, their order, their archive between runs), forwards keys, and draws the
/// shell's frames whenever what they show changes.
///
/// All windows share the terminal and follow its focus (the process host's model); the one on
/// screen is this front-end's choice. Created once by `main.swift`; lives on the main actor for the
/// life of the process.
@MainActor
final class TerminalFrontEnd: TerminalWindowManager {
    private let host: ProcessHost
    private let composition: AppComposition
    private let archive: WindowArchiveStore
    private let measureLaunch: Bool
    private var pendingLink: URL?
    private var shell: TerminalShell?
    private var lastFrame: Frame?
    private var redrawScheduled = false
    /// Characters read together and not handed to the shell yet: handed over as one run at the
    /// end of the read (or before the next other key), so a burst of typing is one edit.
    private var typedRun = ""
    private var typedRunScheduled = false
    private var observations: [LifecycleObservation] = []

    /// The windows in switcher order; only ``closeWindow(_:)`` removes one (a window disconnected
    /// by the system, as on hang-up, is restored next time).
    private(set) var windowIDs: [SceneSessionID]
    private(set) var activeWindowID: SceneSessionID?

    init(
        host: ProcessHost, composition: AppComposition, archive: WindowArchiveStore, restored: WindowArchive,
        sessions: [SceneSession], measureLaunch: Bool, link: URL?
    ) {
        self.host = host
        self.composition = composition
        self.archive = archive
        self.measureLaunch = measureLaunch
        self.pendingLink = link
        windowIDs = sessions.map(\.id)
        activeWindowID = restored.active.flatMap { windowIDs.contains($0) ? $0 : nil } ?? windowIDs.first
    }

    private var runtime: LifecycleRuntime { host.runtime }

    /// Wires keys, redraws and lifecycle events; call before `host.run()`.
    func start() {
        let shell = TerminalShell(composition: composition, windows: self)
        self.shell = shell
        host.onKey = { [weak self] key in self?.handle(key) }
        host.onRedraw = { [weak self] _ in
            self?.lastFrame = nil
            self?.redraw()
        }
        composition.onWindowsChanged = { [weak self] in self?.windowsChanged() }
        observations.append(runtime.addApplicationObserver { [weak self] event in
            guard let self else { return }
            switch event {
            case .didBecomeActive, .willEnterForeground:
                self.deliverPendingLink()
                self.lastFrame = nil
                self.scheduleRedraw()
            case .willResignActive, .didEnterBackground, .willTerminate:
                self.saveArchive()
            default:
                break
            }
        })
    }

    // MARK: TerminalWindowManager

    func openWindow(_ options: ConnectionOptions) {
        runtime.requestSceneActivation(options)
    }

    func activateWindow(_ id: SceneSessionID) {
        guard windowIDs.contains(id) else { return }
        activeWindowID = id
        saveArchive()
        scheduleRedraw()
    }

    func closeWindow(_ id: SceneSessionID) {
        guard let index = windowIDs.firstIndex(of: id) else { return }
        windowIDs.remove(at: index)
        if activeWindowID == id {
            activeWindowID = windowIDs.isEmpty ? nil : windowIDs[min(index, windowIDs.count - 1)]
        }
        runtime.requestSceneDestruction(id)
        saveArchive()
        scheduleRedraw()
    }

    func suspendProcess() {
        // Ctrl-Z normally arrives as SIGTSTP from the terminal; if it arrives as a key, raise it.
        kill(getpid(), SIGTSTP)
    }

    func quit() {
        host.quit()
    }

    // MARK: Drawing

    private func handle(_ key: KeyPress) {
        if case .character(let character) = key {
            typedRun.append(character)
            if !typedRunScheduled {
                typedRunScheduled = true
                DispatchQueue.main.async { [weak self] in MainActor.assumeIsolated { self?.handTypedRunOver() } }
            }
            return
        }
        handTypedRunOver()
        guard let shell, let translated = Self.translate(key) else { return }
        shell.handle(translated)
        scheduleRedraw()
    }

    private func handTypedRunOver() {
        typedRunScheduled = false
        guard let shell, !typedRun.isEmpty else { return }
        let run = typedRun
        typedRun = ""
        shell.type(run)
        scheduleRedraw()
    }

    private func windowsChanged() {
        let connected = composition.windows.keys.sorted()
        for id in connected where !windowIDs.contains(id) {
            windowIDs.append(id)
            if host.isInForeground || activeWindowID == nil { activeWindowID = id }
            saveArchive()
        }
        scheduleRedraw()
    }

    private func scheduleRedraw() {
        guard !redrawScheduled else { return }
        redrawScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                self?.redrawScheduled = false
                self?.redraw()
            }
        }
    }

    /// Lets the window on screen start what it shows (a restored search), then draws on the next
    /// turn of the main queue: work started from a Dispatch callback (as the host's are) is
    /// enqueued rather than run at once, and this lets it land first instead of flashing a
    /// loading frame.
    private func redraw() {
        guard let shell, host.isInForeground else { return }
        shell.prepareActiveWindow()
        DispatchQueue.main.async { [weak self] in MainActor.assumeIsolated { self?.draw() } }
    }

    private func draw() {
        guard let shell, host.isInForeground else { return }
        let size = host.terminal.size.map { ScreenSize(columns: $0.columns, rows: $0.rows) } ?? .standard
        let frame = withObservationTracking {
            shell.render(size: size)
        } onChange: { [weak self] in
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.scheduleRedraw() } }
        }
        if frame != lastFrame {
            host.terminal.write(ANSIScreen.draw(frame, replacing: lastFrame))
            lastFrame = frame
        }
        guard isFirstContentFrame else { return }
        archive.markLaunchFinished()
        if measureLaunch { exit(EXIT_SUCCESS) }
    }

    private var isFirstContentFrame: Bool {
        !composition.isLaunchGateClosed && composition.services.catalogue.isLoaded
            && (shell?.activeWindow.map { !$0.search.results.isLoading } ?? true)
    }

    private func deliverPendingLink() {
        guard let link = pendingLink, let active = activeWindowID, runtime.scenes[active] != nil else { return }
        pendingLink = nil
        do {
            try runtime.handle(.openURLs([link], in: active))
        } catch {
            composition.services.logger.error("The link could not be opened: \(error.description, privacy: .public)")
        }
    }

    private func saveArchive() {
        let windows = windowIDs.map { id in
            WindowArchive.Window(
                id: id, payload: composition.window(for: id)?.restorationPayload() ?? runtime.sessions[id]?.restorationPayload
            )
        }
        do {
            try archive.save(WindowArchive(windows: windows, active: activeWindowID))
        } catch {
            composition.services.logger.error("The windows could not be saved: \(error.description, privacy: .public)")
        }
    }

    static func translate(_ key: KeyPress) -> TerminalKey? {
        switch key {
        case .character(let character): .character(character)
        case .enter: .enter
        case .tab: .tab
        case .backspace, .delete: .backspace
        case .escape: .escape
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .control(let letter): .control(letter)
        case .paste(let text): .paste(text)
        case .home, .end, .pageUp, .pageDown, .unknown: nil
        }
    }
}
