// swift-tools-version: 6.2
import PackageDescription

// Notes and Lists: a small app built on Lifeline, with its simulation and its tests, as an app
// of your own would be. It depends on Lifeline by path; in your package use its URL instead.
let package = Package(
    name: "NotesAndLists",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "NotesAndLists", targets: ["NotesAndLists"]),
        .library(name: "NotesAndListsSimulation", targets: ["NotesAndListsSimulation"]),
    ],
    dependencies: [
        .package(name: "Lifeline", path: "../.."),
    ],
    targets: [
        // The app: Lifecycle and DurableState only, as it ships.
        .target(
            name: "NotesAndLists",
            dependencies: [
                .product(name: "Lifecycle", package: "Lifeline"),
                .product(name: "LifelineHistory", package: "Lifeline"),
                .product(name: "DurableState", package: "Lifeline"),
            ]
        ),
        // The app on the simulator's virtual device: what its tests explore.
        .target(
            name: "NotesAndListsSimulation",
            dependencies: [
                "NotesAndLists",
                .product(name: "LifelineHistory", package: "Lifeline"),
                .product(name: "LifecycleSimulator", package: "Lifeline"),
            ]
        ),
        .testTarget(
            name: "NotesAndListsTests",
            dependencies: [
                "NotesAndLists", "NotesAndListsSimulation",
                .product(name: "Lifecycle", package: "Lifeline"),
                .product(name: "LifelineHistory", package: "Lifeline"),
                .product(name: "DurableState", package: "Lifeline"),
                .product(name: "LifecycleSimulator", package: "Lifeline"),
                .product(name: "LifecycleSimulatorTesting", package: "Lifeline"),
            ],
            // Repro files the tests replay, found next to the test that names them.
            exclude: ["Repros"]
        ),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
