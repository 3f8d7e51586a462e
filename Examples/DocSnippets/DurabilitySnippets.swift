import DurableState
import Foundation
import Lifecycle

/// A small document for the durability snippets.
struct Draft: Codable, Sendable, Equatable {
    var text = ""
}

/// A small value for the `PersistentValue` snippet.
struct Cart: Codable, Sendable, Equatable {
    var items: [String] = []
}

/// The snippets of `DurableState.docc/DurabilityPromises.md`, compiled by `swift build`.
/// Owned by nobody: `DocSnippets.run` may call it against a temporary directory; main actor.
@MainActor
enum DurabilitySnippets {
    /// The durable replace recipe through `DurableFile`.
    static func replaceRecipe(directory: String) {
        let file = DurableFile(fileSystem: POSIXFileSystem(), path: directory + "/draft.json")
        do {
            try file.replace(with: Data("draft".utf8), keepingBackup: true)
        } catch {
            print("not saved: \(error) — previous contents intact: \(error.previousContentsIntact)")
        }
    }

    /// A document loaded defensively and saved durably.
    static func document(fileSystem: any FileSystem, directory: String, clock: any LifelineClock) throws(DurableStoreError) {
        let drafts = DocumentStore(
            storage: StorageEnvironment(fileSystem: fileSystem), path: directory + "/draft.json", defaultValue: Draft(), clock: clock)
        let loaded = drafts.load()  // the last good copy, then the default; never throws
        print(loaded.source, loaded.issues)
        try drafts.save(Draft(text: "hello"))  // returns once the draft survives a power loss
    }

    /// A value that saves itself, flushed on the lifecycle's cues.
    static func persistentValue(
        fileSystem: any FileSystem, directory: String, clock: any LifelineClock, runtime: LifecycleRuntime
    ) async -> PersistentValue<Cart> {
        let storage = DurableValueStorage<Cart>(storage: StorageEnvironment(fileSystem: fileSystem), path: directory + "/cart.json", clock: clock)
        let cart = PersistentValue(
            initialValue: Cart(), storage: storage, clock: clock, scope: runtime.applicationScope, name: "cart")
        _ = await cart.hydrate()
        cart.flushOnDeactivation(of: runtime)
        cart.value.items.append("Dune")  // saved 300 ms after the last change, or at once on inactive
        return cart
    }

    /// The data directory claimed for the process's life; a second instance is told who holds it.
    static func claimDataDirectory(_ dataDirectory: String) -> DataDirectory {
        let fileSystem = POSIXFileSystem(root: dataDirectory)
        let data: DataDirectory
        do {
            data = try DataDirectory.claim(dataDirectory, fileSystem: fileSystem)
        } catch .inUse(_, let pid) {
            print("already running with this data directory, pid \(pid.map(String.init) ?? "unknown")")
            exit(75)
        } catch {
            print("cannot use \(dataDirectory): \(error)")
            exit(73)
        }
        return data
    }

    /// A cache database that promises only to survive a kill, suspended in the background.
    static func cacheDatabase(directory: String, runtime: LifecycleRuntime) throws(SQLiteError) -> (Database, LifecycleObservation) {
        var configuration = DatabaseConfiguration()
        configuration.durability = .survivesProcessKill  // a cache
        let cache = try Database(path: directory + "/cache.sqlite", configuration: configuration)
        let observation = cache.suspendWhileInBackground(of: runtime)
        return (cache, observation)
    }
}
