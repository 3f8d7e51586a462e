import DurableState
import Foundation
import Testing

private struct CartV1: Codable, Equatable { var items: [String] }
private struct CartV2: Codable, Equatable { var items: [String]; var currency: String }
private struct CartV3: Codable, Equatable {
    struct Line: Codable, Equatable { var product: String; var quantity: Int }
    var lines: [Line]
    var currency: String
}

@Suite("StoredSchema")
struct StoredSchemaTests {
    static let v1to2 = SchemaMigration.converting(from: 1, CartV1.self, to: CartV2.self) {
        CartV2(items: $0.items, currency: "EUR")
    }
    static let v2to3 = SchemaMigration.converting(from: 2, CartV2.self, to: CartV3.self) {
        CartV3(lines: $0.items.map { .init(product: $0, quantity: 1) }, currency: $0.currency)
    }
    let schema = StoredSchema(version: 3, migrations: [v1to2, v2to3])

    @Test("an old payload is migrated step by step to the current version")
    func chain() throws {
        let old = try JSONEncoder().encode(CartV1(items: ["margherita"]))
        let migrated = try schema.migrate(old, from: 1)
        #expect(try JSONDecoder().decode(CartV3.self, from: migrated) == CartV3(lines: [.init(product: "margherita", quantity: 1)], currency: "EUR"))
    }

    @Test("migrating a current payload changes nothing (idempotent)")
    func idempotent() throws {
        let current = try JSONEncoder().encode(CartV3(lines: [], currency: "CHF"))
        #expect(try schema.migrate(current, from: 3) == current)
        let once = try schema.migrate(try JSONEncoder().encode(CartV2(items: ["a"], currency: "EUR")), from: 2)
        #expect(try schema.migrate(once, from: 3) == once)
    }

    @Test("newer, unreachable and failing versions are typed errors")
    func errors() throws {
        #expect(throws: StoredDataError.newerSchema(found: 4, supported: 3)) { try schema.migrate(Data(), from: 4) }
        #expect(throws: StoredDataError.missingMigration(from: 0)) { try schema.migrate(Data(), from: 0) }
        #expect(throws: StoredDataError.migrationFailed(from: 1, reason: "malformed data")) {
            try schema.migrate(Data("not json".utf8), from: 1)
        }
    }

    @Test("the codec migrates on decode and reports the stored version")
    func codec() throws {
        let v1 = StoredCodec(schema: .initial, sizeLimit: 1000)
        let bytes = try v1.encode(CartV1(items: ["x"]), writtenAt: Date(timeIntervalSince1970: 0))
        let decoded = try StoredCodec(schema: schema, sizeLimit: 1000).decode(CartV3.self, from: bytes)
        #expect(decoded.schemaVersion == 1)
        #expect(decoded.value.lines.map(\.product) == ["x"])
        #expect(throws: StoredDataError.oversized(bytes: bytes.count, limit: 10)) {
            try StoredCodec(schema: schema, sizeLimit: 10).decode(CartV3.self, from: bytes)
        }
        #expect(throws: DurableStoreError.tooLarge(bytes: bytes.count, limit: 10)) {
            try StoredCodec(sizeLimit: 10).encode(CartV1(items: ["x"]), writtenAt: Date())
        }
    }
}
