import CampusLibrary
import DurableState
import Foundation
import Lifecycle

#if canImport(UIKit) && !os(watchOS)
import AppleHost
import UIKit
#endif

/// The platform-neutral part of `AppleHost.docc/FromXcodeToLifeline.md`: builds the Campus
/// Library's runtime and composition as an iOS app delegate would. Compiled on every platform.
/// Called by the app delegate below (on iOS); main actor.
@MainActor
enum CampusOnApple {
    /// A runtime on the real clock with the Campus Library installed; keep the composition alive.
    static func makeRuntime(
        dataDirectory: String,
        secretStore: any SecretStore = InMemorySecretStore()
    ) throws -> (LifecycleRuntime, AppComposition) {
        let logger = LifelineLogger(category: "campus-library", sink: StandardErrorLogSink())
        let runtime = LifecycleRuntime(clock: SystemClock(), logger: logger)
        let environment = AppEnvironment(
            runtime: runtime, storage: StorageEnvironment(fileSystem: POSIXFileSystem(root: dataDirectory)), secretStore: secretStore,
            logger: logger, dataDirectory: dataDirectory)
        // Validates the graph and binds it: application delegate, scene factory, purgeable caches.
        let composition = try AppComposition(environment: environment)
        return (runtime, composition)
    }
}

#if canImport(UIKit) && !os(watchOS)
/// The app delegate of the guide (not `@main` here, so it does not clash with the snippets'
/// entry point). Compiled only where UIKit exists; CI on Linux does not build it.
final class CampusAppDelegate: LifelineApplicationDelegate {
    private var composition: AppComposition?

    static var dataDirectory: String {
        NSSearchPathForDirectoriesInDomains(.applicationSupportDirectory, .userDomainMask, true)[0] + "/campus-library"
    }

    override func makeRuntime() -> LifecycleRuntime {
        do {
            let (runtime, composition) = try CampusOnApple.makeRuntime(
                dataDirectory: Self.dataDirectory, secretStore: KeychainSecretStore(service: "dev.lifeline.campus-library"))
            self.composition = composition
            return runtime
        } catch {
            // The graph is the app's own code, validated by a test before it ships.
            preconditionFailure("The Campus Library's composition is invalid: \(error)")
        }
    }
}
#endif
