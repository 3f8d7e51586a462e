import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator

/// A small app whose background work behaves as each test asks: it submits the background task
/// "refresh" at launch, and takes the extra-time lease "upload" when its scene enters the
/// background. Every write goes to `/work.txt`; the app traces its expiration handlers.
@MainActor
final class BackgroundApp: ApplicationDelegate, SceneDelegate {
    enum Behavior: Sendable {
        /// The refresh completes after one second; two seconds after that a timer writes once.
        case completesInTime
        /// The refresh's expiration handler does nothing and the work runs for a minute.
        case ignoresExpiration
        /// The refresh's handler completes the task, but its loop swallows the cancellation and
        /// writes again at once.
        case writesAfterExpiry
        /// The lease's expiration handler ends the lease, then saves (the wrong order).
        case leaseEndedBeforeSave
        /// The lease's expiration handler saves, then ends the lease (the right order).
        case leaseEndedAfterSave
    }

    static let path = "/work.txt"
    let environment: SimulationEnvironment
    let behavior: Behavior

    init(environment: SimulationEnvironment, behavior: Behavior) {
        self.environment = environment
        self.behavior = behavior
        environment.runtime.applicationDelegate = self
        environment.runtime.sceneDelegateFactory = { [unowned self] _ in self }
    }

    func didFinishLaunching(_ runtime: LifecycleRuntime, options: LaunchOptions) {
        try? runtime.registerBackgroundTask("refresh") { [unowned self] task in refresh(task) }
        try? runtime.submit(BackgroundTaskRequest(identifier: "refresh"))
    }

    func sceneDidEnterBackground(_ scene: LifecycleScene) {
        switch behavior {
        case .leaseEndedBeforeSave, .leaseEndedAfterSave: upload()
        case .completesInTime, .ignoresExpiration, .writesAfterExpiry: break
        }
    }

    private func write(_ text: String) {
        try? environment.fileSystem.writeFile(Data(text.utf8), to: Self.path, permissions: 0o600)
    }

    private func refresh(_ task: BackgroundTask) {
        let clock = environment.clock
        let environment = environment
        switch behavior {
        case .completesInTime, .leaseEndedBeforeSave, .leaseEndedAfterSave:
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            task.scope.task("refresh") { [self] in
                guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
                write("refreshed")
                task.setTaskCompleted(success: true)
                clock.schedule(after: .seconds(2)) { [self] in write("later") }
            }
        case .ignoresExpiration:
            task.expirationHandler = { environment.trace("expiration handler ran, did nothing") }
            task.scope.task("refresh") { try? await clock.sleep(for: .seconds(60)) }
        case .writesAfterExpiry:
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            task.scope.task("refresh") { [self] in
                for page in 1...60 {
                    try? await clock.sleep(for: .seconds(1))
                    write("page \(page)")
                }
            }
        }
    }

    private func upload() {
        var lease: ExtraTimeLease?
        let save = { [self] in write("upload progress") }
        lease = environment.runtime.beginExtraTime("upload") { [behavior] in
            if behavior == .leaseEndedBeforeSave {
                lease?.end()
                save()
            } else {
                save()
                lease?.end()
            }
        }
        Task { [clock = environment.clock] in
            try? await clock.sleep(for: .seconds(60))
        }
    }

    static func app(_ behavior: Behavior) -> SimulatedApp<BackgroundApp> {
        SimulatedApp(name: "BackgroundApp") { BackgroundApp(environment: $0, behavior: behavior) } observe: { _ in [] }
    }
}
