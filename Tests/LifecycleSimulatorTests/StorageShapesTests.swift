import DurableState
import Foundation
import Lifecycle
@testable import LifecycleSimulator
import Testing

/// An app whose list lives in a `FileStorageValue` (swift-sharing's `fileStorage` shape) and whose
/// theme lives in an `AppStorageValue` (`@AppStorage`'s shape), on the simulated device.
@MainActor
final class StorageShapesApp {
    let items: FileStorageValue<[String]>
    let theme: AppStorageValue<String>

    init(environment: SimulationEnvironment) {
        let files = environment.files
        items = FileStorageValue(
            url: files.documentsDirectory.appending(path: "items.json"), default: [], files: files, clock: environment.clock,
            runtime: environment.runtime)
        theme = AppStorageValue("theme", default: "system", store: environment.defaults)
    }

    static func app() -> SimulatedApp<StorageShapesApp> {
        var app = SimulatedApp<StorageShapesApp>(name: "StorageShapesApp") { StorageShapesApp(environment: $0) }
        app.actions = [
            UserAction(name: "add item") { _ in true } perform: { context, random in
                context.incarnation.items.value.append("i\(random.int(below: 1_000))")
            },
            UserAction(name: "pick theme") { _ in true } perform: { context, random in
                context.incarnation.theme.value = random.element(of: ["dark", "light"])
            },
        ]
        return app
    }
}

@Suite("Storage in the shapes apps use: fileStorage and @AppStorage")
@MainActor
struct StorageShapesTests {
    @Test("fileStorage writes a change at once, then at most once a second; a kill loses the change still waiting")
    func fileStorageThrottles() async throws {
        let simulator = Simulator(app: StorageShapesApp.app())
        // Two changes in one step: the first is written, the second waits for its second.
        let written = try await simulator.replay([
            .launch(.user), .userAction(name: "add item", scene: 1, seed: 1), .userAction(name: "add item", scene: 1, seed: 2),
            .advance(milliseconds: 1_000), .kill, .launch(.user),
        ])
        #expect(written.passed, "\(written.violation?.description ?? "")")
        let lost = try await simulator.replay([
            .launch(.user), .userAction(name: "add item", scene: 1, seed: 1), .userAction(name: "add item", scene: 1, seed: 2),
            .kill, .launch(.user),
        ])
        #expect(lost.passed, "a change that was never written is not an acknowledged one: nothing said it was saved")
    }

    @Test("fileStorage writes what waits when the app resigns active")
    func fileStorageFlushesOnResign() async throws {
        var options = SimulationOptions()
        options.keepsTrace = true
        let simulator = Simulator(app: StorageShapesApp.app(), options: options)
        let outcome = try await simulator.replay([
            .launch(.user), .userAction(name: "add item", scene: 1, seed: 1), .userAction(name: "add item", scene: 1, seed: 2),
            .resignActive(scene: 1),
        ])
        let renames = outcome.trace.filter { $0.text.hasPrefix("rename") && $0.text.contains("items.json") }
        #expect(renames.count == 2, "\(renames.map(\.text))")
    }

    @Test("@AppStorage reads its default until set, then what was set, in this process and the next")
    func appStorage() async throws {
        let outcome = try await Simulator(app: StorageShapesApp.app()).replay([
            .launch(.user), .userAction(name: "pick theme", scene: 1, seed: 1), .advance(milliseconds: 1_000), .kill,
            .launch(.user),
        ])
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        let store = InMemoryKeyValues()
        let theme = AppStorageValue("theme", default: "system", store: store)
        #expect(theme.value == "system")
        theme.value = "dark"
        #expect(theme.value == "dark")
        let flag = AppStorageValue("onboarded", default: true, store: store)
        flag.value = false
        #expect(flag.value == false, "a stored false is not the default")
    }
}

/// A `KeyValueStoring` in memory, for the value shapes' own tests.
final class InMemoryKeyValues: KeyValueStoring, @unchecked Sendable {
    // Safe because: the tests use it from one task at a time.
    private var values: [String: Any] = [:]
    func containsValue(forKey key: String) -> Bool { values[key] != nil }
    func string(forKey key: String) -> String? { values[key] as? String }
    func integer(forKey key: String) -> Int { values[key] as? Int ?? 0 }
    func double(forKey key: String) -> Double { values[key] as? Double ?? 0 }
    func bool(forKey key: String) -> Bool { values[key] as? Bool ?? false }
    func data(forKey key: String) -> Data? { values[key] as? Data }
    func stringArray(forKey key: String) -> [String]? { values[key] as? [String] }
    func set(_ value: String, forKey key: String) { values[key] = value }
    func set(_ value: Int, forKey key: String) { values[key] = value }
    func set(_ value: Double, forKey key: String) { values[key] = value }
    func set(_ value: Bool, forKey key: String) { values[key] = value }
    func set(_ value: Data, forKey key: String) { values[key] = value }
    func set(_ value: [String], forKey key: String) { values[key] = value }
    func removeObject(forKey key: String) { values[key] = nil }
}
