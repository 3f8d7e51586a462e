import Dispatch
import Lifecycle
import ProcessHost

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The probe app: logs every application event and scene callback as one line, and runs the
/// scenario its options ask for. Owned by `main.swift`; lives on the main actor.
@MainActor
final class ProbeApplication: ApplicationDelegate {
    private let options: ProbeOptions
    private weak var host: ProcessHost?

    init(options: ProbeOptions, host: ProcessHost) {
        self.options = options
        self.host = host
        host.runtime.addApplicationObserver { event in
            ProbeOutput.line("app.\(event)")
        }
        host.runtime.applicationDelegate = self
        host.runtime.sceneDelegateFactory = { [options, runtime = host.runtime] _ in
            ProbeScene(options: options, runtime: runtime)
        }
        host.onKey = { [weak self] key in self?.handle(key) }
        host.onRedraw = { size in ProbeOutput.line("host.redraw \(size.map(\.description) ?? "none")") }
        host.onEndOfInput = { ProbeOutput.line("input.end") }
    }

    func didFinishLaunching(_ runtime: LifecycleRuntime, options launchOptions: LaunchOptions) {
        guard let delay = options.refreshMilliseconds else { return }
        let earliest = runtime.clock.now.advanced(by: .milliseconds(delay))
        do {
            try runtime.registerBackgroundTask("refresh") { task in
                ProbeOutput.line("task.run \(task.identifier) early=\(runtime.clock.now < earliest)")
                task.setTaskCompleted(success: true)
            }
            try runtime.submit(BackgroundTaskRequest(identifier: "refresh", earliestBegin: earliest))
            ProbeOutput.line("task.submitted refresh")
        } catch {
            ProbeOutput.line("task.error \(error)")
        }
    }

    func willTerminate(_ runtime: LifecycleRuntime) {
        if let milliseconds = options.terminateWorkMilliseconds {
            runtime.applicationScope.task("final flush") {
                // Deliberately deaf to cancellation: the host must wait for it within the grace period.
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
                        continuation.resume()
                    }
                }
                ProbeOutput.line("work.done")
            }
        }
        if let milliseconds = options.blockTerminateMilliseconds {
            usleep(UInt32(milliseconds) * 1_000)
        }
    }

    private func handle(_ key: KeyPress) {
        ProbeOutput.line("key \(key)")
        switch key {
        case .character("q"): host?.quit()
        case .character("w"): host?.runtime.requestSceneActivation()
        case .character("c") where options.crashKey: preconditionFailure("lifeline-probe: crash requested with --crash-key")
        default: break
        }
    }
}
