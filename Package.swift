// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Lifeline",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "Lifecycle", targets: ["Lifecycle"]),
        .library(name: "ProcessHost", targets: ["ProcessHost"]),
        .library(name: "LifelineHistory", targets: ["LifelineHistory"]),
        .library(name: "DurableState", targets: ["DurableState"]),
        .library(name: "Composition", targets: ["Composition"]),
        .library(name: "LifecycleSimulator", targets: ["LifecycleSimulator"]),
        .library(name: "LifecycleCheck", targets: ["LifecycleCheck"]),
        .library(name: "LifecycleSimulatorTesting", targets: ["LifecycleSimulatorTesting"]),
        .library(name: "AppleHost", targets: ["AppleHost"]),
        .executable(name: "campus-library", targets: ["campus-library"]),
        // Campus Library's URLSession plugin, a shared library loaded by the app when first used.
        .library(name: "CampusNetworking", type: .dynamic, targets: ["CampusNetworking"]),
        .executable(name: "lifecycle-check", targets: ["lifecycle-check"]),
        .executable(name: "lifeline-bench", targets: ["lifeline-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // libsecret for the Secret Service store on Linux (`scripts/setup.sh` installs it).
        .systemLibrary(name: "CSecret", pkgConfig: "libsecret-1", providers: [.apt(["libsecret-1-dev"])]),
        .target(name: "Lifecycle"),
        // DurableState for its file system, durable recipe and directory lock (the legacy
        // directory's migration).
        .target(name: "ProcessHost", dependencies: ["Lifecycle", "DurableState"]),
        // What an app's screens show and its stores save, named once for storage and the
        // simulator: history keys, visible values, the screen registry, the storage history.
        .target(name: "LifelineHistory", dependencies: ["Lifecycle"]),
        .target(
            name: "DurableState",
            dependencies: ["Lifecycle", "LifelineHistory", "CSQLite", .target(name: "CSecret", condition: .when(platforms: [.linux]))]
        ),
        .target(name: "Composition", dependencies: ["Lifecycle"]),
        .target(
            name: "LifecycleSimulator",
            dependencies: ["Lifecycle", "LifelineHistory", "DurableState", "CSQLite"]
        ),
        // The simulator inside Swift Testing tests: its own target, so that apps linking the
        // simulator do not link Testing.
        .target(name: "LifecycleSimulatorTesting", dependencies: ["LifecycleSimulator", "LifelineHistory"]),
        // The simulator's example app with its planted bugs: kept out of the library apps link.
        .target(
            name: "SimulatorExample",
            dependencies: ["LifecycleSimulator", "Lifecycle", "LifelineHistory", "DurableState"]
        ),
        .target(name: "AppleHost", dependencies: ["Lifecycle", "DurableState"]),
        .target(
            name: "CampusLibrary",
            dependencies: ["Lifecycle", "LifelineHistory", "DurableState", "Composition"],
            resources: [.copy("Resources/catalogue.json")]
        ),
        // URLSession for the remote catalogue, loaded by the app only when first used: linking
        // FoundationNetworking (libcurl and its TLS stack) would cost every launch ~30 ms.
        .target(name: "CampusNetworking"),
        // Linked with the Swift runtime and Foundation inside (as server-side Swift ships on Linux):
        // a third less process start than loading them as shared libraries. The URLSession plugin
        // stays a shared library behind a C entry point, so the two never share Swift objects.
        .executableTarget(
            name: "campus-library",
            dependencies: ["CampusLibrary", "ProcessHost", "Lifecycle", "DurableState"],
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))],
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld"], .when(platforms: [.linux]))]
        ),
        // Campus Library on the simulator's virtual device: what `lifecycle-check` explores.
        .target(
            name: "CampusSimulation",
            dependencies: ["CampusLibrary", "LifecycleSimulator", "Lifecycle", "LifelineHistory", "DurableState"]
        ),
        // The `lifecycle-check` command for any app: an app's package calls it from a small
        // executable target, as `lifecycle-check` does for Campus Library and the example.
        .target(name: "LifecycleCheck", dependencies: ["LifecycleSimulator", "LifelineHistory"]),
        .executableTarget(
            name: "lifecycle-check",
            dependencies: ["LifecycleCheck", "CampusSimulation", "CampusLibrary", "SimulatorExample"]
        ),
        .executableTarget(
            name: "lifeline-bench",
            dependencies: [
                "Lifecycle", "LifelineHistory", "DurableState", "Composition", "LifecycleSimulator", "SimulatorExample",
                "CampusLibrary", "CampusSimulation", "CSQLite",
            ],
            path: "Benchmarks/lifeline-bench"
        ),
        .executableTarget(
            name: "lifeline-example",
            dependencies: ["Lifecycle", "ProcessHost"],
            path: "Examples/lifeline-example"
        ),
        .executableTarget(
            name: "doc-snippets",
            dependencies: [
                "Lifecycle", "ProcessHost", "LifelineHistory", "DurableState", "LifecycleSimulator", "SimulatorExample",
                "CampusLibrary", "AppleHost",
            ],
            path: "Examples/DocSnippets"
        ),
        .executableTarget(
            name: "lifeline-probe",
            dependencies: ["Lifecycle", "ProcessHost"],
            path: "Tests/Probes/lifeline-probe"
        ),
        .executableTarget(
            name: "durable-kill-probe",
            dependencies: ["Lifecycle", "DurableState"],
            path: "Tests/Probes/durable-kill-probe"
        ),
        // One of two processes writing one store at once (the stores an app shares with its
        // extensions).
        .executableTarget(
            name: "shared-store-probe",
            dependencies: ["DurableState"],
            path: "Tests/Probes/shared-store-probe"
        ),
        .executableTarget(
            name: "secret-store-probe",
            dependencies: ["DurableState"],
            path: "Tests/Probes/secret-store-probe"
        ),
        .executableTarget(
            name: "directory-migration-probe",
            dependencies: ["ProcessHost"],
            path: "Tests/Probes/directory-migration-probe"
        ),
        // Fuzzing (`make fuzz`, scripts/fuzz.sh): one executable holding a libFuzzer harness for
        // each decoder of outside bytes, with seed corpora in Fuzz/Corpus. Built normally it
        // replays inputs; scripts/fuzz.sh builds it with libFuzzer, ASan and LIFELINE_FUZZING.
        .executableTarget(
            name: "lifeline-fuzz",
            dependencies: ["DurableState", "Lifecycle", "LifecycleSimulator", "CampusLibrary", "ProcessHost"],
            path: "Fuzz/lifeline-fuzz"
        ),
        .testTarget(name: "FuzzTests", dependencies: ["lifeline-fuzz"]),
        .target(
            name: "LifelineTestSupport",
            dependencies: ["Lifecycle", "LifelineHistory", "DurableState"],
            path: "Tests/LifelineTestSupport"
        ),
        // AppleHost's sources and KeychainSecretStore (symbolic links) compiled on Linux against
        // AppleShim, which declares the UIKit, SwiftUI, BackgroundTasks and Security signatures they
        // use: a Lifeline change that breaks them fails `make test`. Test-only; the products are
        // untouched.
        .target(name: "AppleShim", path: "Tests/AppleShim"),
        .target(
            name: "AppleHostOnShim",
            dependencies: ["Lifecycle", "DurableState", .target(name: "AppleShim", condition: .when(platforms: [.linux]))],
            path: "Tests/AppleHostOnShim",
            swiftSettings: [.define("LIFELINE_APPLE_SHIM", .when(platforms: [.linux]))]
        ),
        .testTarget(
            name: "AppleHostTests",
            dependencies: [
                "AppleHostOnShim", .target(name: "AppleShim", condition: .when(platforms: [.linux])), "Lifecycle",
                "LifelineTestSupport",
            ],
            swiftSettings: [.define("LIFELINE_APPLE_SHIM", .when(platforms: [.linux]))]
        ),
        .testTarget(name: "LifecycleTests", dependencies: ["Lifecycle", "LifelineTestSupport"]),
        .testTarget(name: "ProcessHostTests", dependencies: ["ProcessHost", "Lifecycle", "LifelineTestSupport"]),
        .testTarget(
            name: "DurableStateTests", dependencies: ["DurableState", "Lifecycle", "LifelineHistory", "LifelineTestSupport", "CSQLite"]
        ),
        .testTarget(name: "CompositionTests", dependencies: ["Composition", "Lifecycle", "LifelineTestSupport"]),
        .testTarget(
            name: "LifecycleSimulatorTests",
            dependencies: [
                "LifecycleSimulator", "SimulatorExample", "Lifecycle", "LifelineHistory", "DurableState", "Composition",
                "LifelineTestSupport", "CSQLite",
            ]
        ),
        .testTarget(
            name: "LifecycleCheckTests", dependencies: ["LifecycleCheck", "LifecycleSimulator", "LifelineHistory", "LifelineTestSupport"]
        ),
        .testTarget(
            name: "LifecycleSimulatorTestingTests",
            dependencies: ["LifecycleSimulatorTesting", "LifecycleSimulator", "LifelineHistory", "SimulatorExample"]
        ),
        .testTarget(
            name: "CampusLibraryTests",
            dependencies: [
                "CampusLibrary", "CampusSimulation", "LifecycleSimulator", "Lifecycle", "LifelineHistory", "DurableState",
                "Composition", "LifelineTestSupport",
            ],
            // Recorded Open Library responses (test data; their sources are in the README beside them).
            resources: [.copy("Fixtures")]
        ),
    ]
)

// Swift 6 language mode and the same upcoming features for every target.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
