import DurableState
import Testing

@Suite("InMemorySecretStore")
struct InMemorySecretStoreTests {
    @Test func roundTripsReplacesAndRemoves() throws {
        let store = InMemorySecretStore(["seeded": Secret("s")])
        #expect(try store.secret(for: "seeded") == Secret("s"))
        #expect(try store.secret(for: "token") == nil)
        try store.setSecret(Secret("a"), for: "token")
        try store.setSecret(Secret("b"), for: "token")
        #expect(try store.secret(for: "token") == Secret("b"))
        try store.removeSecret(for: "token")
        try store.removeSecret(for: "token")
        #expect(try store.secret(for: "token") == nil)
        #expect(store.keys == ["seeded"])
    }

    @Test func descriptionsNeverContainTheSecret() throws {
        let canary = "canary-in-memory-7781"
        let store = InMemorySecretStore()
        try store.setSecret(Secret(canary), for: "token")
        var dumped = ""
        dump(store, to: &dumped)
        for text in ["\(store)", String(reflecting: store), dumped] {
            #expect(!text.contains(canary))
        }
        #expect("\(store)" == "InMemorySecretStore(1 secret)")
    }

    @Test func isUsableFromManyTasksAtOnce() async throws {
        let store = InMemorySecretStore()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask { try? store.setSecret(Secret("v\(index)"), for: "k\(index % 10)") }
            }
        }
        #expect(store.keys.count == 10)
    }
}
