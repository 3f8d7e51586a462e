import DurableState
import Foundation
import LifecycleSimulator
import Testing

/// The ready-made restoration damage for state of a `RestorationSchema`, and device images built
/// through a simulated disk's file system.
@Suite("Restoration mutators from a schema; built disk images")
@MainActor
struct RestorationMutatorSchemaTests {
    struct ListState: Codable, Sendable, Equatable {
        var openList: String?
        var scroll = 0
    }

    static let schema = RestorationSchema(version: 3, default: ListState())
    let written = Date(timeIntervalSince1970: 1_000)

    @Test("editing decodes the payload's state, edits it and encodes it again with the payload's date; an unreadable payload edits the default")
    func editingEditsTheDecodedState() throws {
        let mutator = RestorationMutator.editing("deleted list", Self.schema) { state, random in
            state.openList = "gone-\(random.int(below: 1))"
        }
        #expect(mutator.name == "deleted list")
        var random = SimulationRandom(seed: 1)
        let payload = try Self.schema.encode(ListState(openList: "groceries", scroll: 4), writtenAt: written)
        let restored = Self.schema.restore(from: mutator.mutate(payload, &random))
        #expect(restored.outcome == .restored)
        #expect(restored.state == ListState(openList: "gone-0", scroll: 4))
        #expect(restored.writtenAt == written)
        let fromGarbage = Self.schema.restore(from: mutator.mutate(Data("not a payload".utf8), &random))
        #expect(fromGarbage.state == ListState(openList: "gone-0", scroll: 0))
    }

    @Test("newerSchema writes the same state as the next version, which the app's schema refuses and restores the default from")
    func newerSchemaIsRefused() throws {
        let mutator = RestorationMutator.newerSchema(Self.schema)
        var random = SimulationRandom(seed: 1)
        let payload = try Self.schema.encode(ListState(openList: "groceries"), writtenAt: written)
        let mutated = mutator.mutate(payload, &random)
        let restored = Self.schema.restore(from: mutated)
        #expect(restored.outcome == .defaulted)
        #expect(restored.state == ListState())
        let newer = RestorationSchema(version: 4, default: ListState())
        #expect(newer.restore(from: mutated).state == ListState(openList: "groceries"), "the state itself is intact")
    }

    @Test("a built image holds what the build wrote, with its permissions; a failing build throws")
    func builtImage() throws {
        let image = try DiskImage.built { fileSystem in
            try fileSystem.createDirectory(at: "/App", permissions: 0o700)
            try fileSystem.writeAndSyncFile(Data("cache".utf8), to: "/App/cache", permissions: 0o600)
        }
        #expect(image.directories.contains("/App"))
        #expect(image.data(at: "/App/cache") == Data("cache".utf8))
        #expect(image.files["/App/cache"]?.permissions == 0o600)
        struct Refused: Error {}
        #expect(throws: Refused.self) { try DiskImage.built { _ in throw Refused() } }
    }
}
