import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator

/// Small apps that misbehave on purpose, for the simulator's own tests.
@MainActor
final class EscapingApp {
    enum Escape: Sendable {
        /// A tracked task sleeps on the real clock.
        case realSleep
        /// A tracked task waits for a detached task that sleeps on the real clock.
        case detachedSleep
        /// A tracked task hands a storage write to a detached task that first waits on the real
        /// clock (so the write happens on another thread).
        case storageOffMain
    }

    let environment: SimulationEnvironment

    init(environment: SimulationEnvironment, escape: Escape) {
        self.environment = environment
        let fileSystem = environment.fileSystem
        switch escape {
        case .realSleep:
            environment.runtime.applicationScope.task("real sleep") {
                try? await Task.sleep(for: .seconds(30))
            }
        case .detachedSleep:
            environment.runtime.applicationScope.task("detached sleep") {
                await Task.detached { try? await Task.sleep(for: .seconds(30)) }.value
            }
        case .storageOffMain:
            environment.runtime.applicationScope.task("write from elsewhere") {
                await Task.detached {
                    try? await Task.sleep(for: .milliseconds(1))
                    try? fileSystem.writeFile(Data("x".utf8), to: "/escaped.txt", permissions: 0o600)
                }.value
            }
        }
    }

    static func app(_ escape: Escape) -> SimulatedApp<EscapingApp> {
        SimulatedApp(name: "EscapingApp") { environment in
            EscapingApp(environment: environment, escape: escape)
        } observe: { _ in [] }
    }
}

/// An app whose tracked task calls a custom actor between clock sleeps.
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
        environment.runtime.applicationScope.task("count") { [self] in
            for _ in 0..<3 {
                let value = await counter.increment()
                count = value
                environment.history.edit(Self.key, value: "\(value)", durability: .ephemeral)
                try? await environment.clock.sleep(for: .milliseconds(10))
            }
        }
    }

    static func app() -> SimulatedApp<ActorApp> {
        SimulatedApp(name: "ActorApp") { ActorApp(environment: $0) } observe: { app in
            app.count.map { [Observation(key: key, value: "\($0)")] } ?? []
        }
    }
}
