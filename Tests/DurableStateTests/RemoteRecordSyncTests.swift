import DurableState
import Foundation
import Lifecycle
import Testing

/// An in-memory server of carts: creations keyed by request id, whole replacements.
@MainActor
final class FakeCartService: RemoteRecordService {
    var records: [String: Cart] = [:]
    var creations = 0
    var replacements = 0
    var requests: [String: String] = [:]
    /// When set, the next creation happens on the server but the response is lost.
    var loseNextCreateResponse = false

    func createRecord(_ record: Cart, requestID: String) async throws(RemoteRecordError) -> String {
        if let existing = requests[requestID] { return existing }
        creations += 1
        let id = "cart-\(creations)"
        records[id] = record
        requests[requestID] = id
        if loseNextCreateResponse {
            loseNextCreateResponse = false
            throw .unavailable(reason: "connection reset")
        }
        return id
    }

    func replaceRecord(id: String, with record: Cart) async throws(RemoteRecordError) {
        guard records[id] != nil else { throw .recordNotFound }
        replacements += 1
        records[id] = record
    }

    func fetchRecord(id: String) async throws(RemoteRecordError) -> Cart {
        guard let record = records[id] else { throw .recordNotFound }
        return record
    }
}

@MainActor
@Suite("RemoteRecordSync")
struct RemoteRecordSyncTests {
    let directory = TemporaryDirectory()
    let clock = VirtualClock()
    let service = FakeCartService()

    func makeSync() -> RemoteRecordSync<FakeCartService> {
        var counter = 0
        let preferences = Preferences(storage: StorageEnvironment(fileSystem: POSIXFileSystem()), directory: directory.path, clock: clock)
        return RemoteRecordSync(service: service, preferences: preferences, name: "cart", isEmpty: { $0.lines.isEmpty }) {
            counter += 1
            return "request-\(counter)"
        }
    }

    @Test("no remote record is created for an empty value")
    func emptyCreatesNothing() async throws {
        let sync = makeSync()
        try await sync.save(Cart())
        #expect(service.creations == 0)
        #expect(sync.recordID == nil)
        #expect(try await sync.load() == nil)
    }

    @Test("the first non-empty save creates the record; later saves replace it whole, idempotently")
    func createThenReplace() async throws {
        let sync = makeSync()
        try await sync.save(Cart(lines: ["pizza"]))
        try await sync.save(Cart(lines: ["pizza", "cola"]))
        try await sync.save(Cart(lines: ["pizza", "cola"]))
        #expect(service.creations == 1)
        #expect(service.replacements == 2)
        #expect(service.records == ["cart-1": Cart(lines: ["pizza", "cola"])])
        #expect(makeSync().recordID == "cart-1")
        #expect(try await makeSync().load() == Cart(lines: ["pizza", "cola"]))
    }

    @Test("a retried creation reuses its request id, so a lost response does not create a second record")
    func retriedCreation() async throws {
        let sync = makeSync()
        service.loseNextCreateResponse = true
        await #expect(throws: ValueStorageError.remote(.unavailable(reason: "connection reset"))) {
            try await sync.save(Cart(lines: ["pizza"]))
        }
        try await makeSync().save(Cart(lines: ["pizza"]))
        #expect(service.creations == 1)
        #expect(makeSync().recordID == "cart-1")
    }

    @Test("a creation tried again with a newer value puts that value into the record its first try made")
    func retriedCreationCarriesTheNewerValue() async throws {
        let sync = makeSync()
        service.loseNextCreateResponse = true
        await #expect(throws: ValueStorageError.remote(.unavailable(reason: "connection reset"))) {
            try await sync.save(Cart(lines: ["pizza"]))
        }
        try await makeSync().save(Cart(lines: ["pizza", "cola"]))
        #expect(service.creations == 1)
        #expect(service.records == ["cart-1": Cart(lines: ["pizza", "cola"])])
        #expect(try await makeSync().load() == Cart(lines: ["pizza", "cola"]))
    }

    @Test("an id that no longer resolves is forgotten, not retried forever")
    func staleIDForgotten() async throws {
        let sync = makeSync()
        try await sync.save(Cart(lines: ["pizza"]))
        service.records.removeAll()
        #expect(try await sync.load() == nil)
        #expect(sync.recordID == nil)
        #expect(makeSync().recordID == nil)
        try await sync.save(Cart(lines: ["salad"]))
        #expect(sync.recordID == "cart-2")

        service.records.removeAll()
        try await sync.save(Cart(lines: ["soup"]))
        #expect(sync.recordID == "cart-3")
        #expect(service.records == ["cart-3": Cart(lines: ["soup"])])
    }

    @Test("as a PersistentValue's storage, a flush at an awkward moment cannot double anything")
    func persistentValue() async throws {
        let cart = PersistentValue(initialValue: Cart(), storage: makeSync(), clock: clock,
                                   scope: TaskScope(name: "test", tracker: WorkTracker()), name: "cart")
        await cart.hydrate()
        cart.flush()
        #expect(service.creations == 0)
        cart.value.lines = ["pizza"]
        cart.flush()
        cart.flush()
        clock.advance(by: .seconds(1))
        cart.value.lines = ["pizza", "pizza"]
        clock.advance(by: .seconds(1))
        #expect(service.creations == 1)
        #expect(service.records["cart-1"] == Cart(lines: ["pizza", "pizza"]))
    }
}
