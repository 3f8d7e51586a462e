import DurableState
import Foundation

/// DurableState's envelope and a restoration schema with a migration and a validator: every
/// store's file and every scene's restoration payload is decoded through them.
enum EnvelopeHarness: Harness {
    static let name = "envelope"
    static let summary = "StoredEnvelope.decode, RestorationSchema.restore (schema versions, migration, validation)"

    /// A small restorable state at schema version 2; version 1 stored the title only.
    struct Draft: Codable, Sendable, Equatable {
        var title: String
        var tags: [String]
    }

    struct DraftV1: Codable, Sendable {
        var title: String
    }

    static let maximumTags = 8

    static let schema = RestorationSchema<Draft>(
        version: 2,
        migrations: [.converting(from: 1, DraftV1.self, to: Draft.self) { Draft(title: $0.title, tags: []) }],
        default: Draft(title: "", tags: []), sizeLimit: 4096
    ) { draft in
        guard draft.tags.count > maximumTags else { return .valid(draft) }
        return .repaired(Draft(title: draft.title, tags: Array(draft.tags.prefix(maximumTags))), message: "Tags were dropped.")
    }

    static func run(_ input: Data) {
        let stored = StoredFile.bytes(from: input)
        if let envelope = try? StoredEnvelope.decode(stored) {
            let again = try? StoredEnvelope.decode(envelope.encoded())
            promise(
                again?.schemaVersion == envelope.schemaVersion && again?.payload == envelope.payload,
                "a decoded envelope does not survive re-encoding"
            )
        }
        let restored = schema.restore(from: stored)
        promise(restored.state.tags.count <= maximumTags, "a restored draft kept \(restored.state.tags.count) tags")
    }

    static func seeds() throws -> [String: Data] {
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let version1 = RestorationSchema<DraftV1>(version: 1, default: DraftV1(title: ""))
        return try StoredFile.seeds([
            "draft-v2": try schema.encode(Draft(title: "Chapter 3", tags: ["letters", "whales"]), writtenAt: date),
            "draft-v1": try version1.encode(DraftV1(title: "Call me Ishmael"), writtenAt: date),
            "draft-too-many-tags": try schema.encode(Draft(title: "t", tags: (1...10).map { "tag \($0)" }), writtenAt: date),
            "empty-payload": StoredEnvelope(schemaVersion: 2, writtenAt: date, payload: Data()).encoded(),
        ])
    }
}
