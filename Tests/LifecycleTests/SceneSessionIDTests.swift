import Foundation
import Lifecycle
import Testing

/// The session identity keeps a digest of its text for hashing; none of that shows outside.
@Suite("SceneSessionID")
struct SceneSessionIDTests {
    @Test("identities with the same text are equal and hash alike; different texts are not equal")
    func equalityFollowsTheText() {
        let first = SceneSessionID("S1")
        let same = SceneSessionID(String("S1".reversed().reversed()))
        #expect(first == same)
        #expect(first.hashValue == same.hashValue)
        #expect(first != SceneSessionID("S2"))
        #expect(Set([first, same, SceneSessionID("S2")]).count == 2)
        #expect([SceneSessionID("b"), SceneSessionID("a")].sorted().map(\.rawValue) == ["a", "b"])
    }

    @Test("it is encoded as its text alone and decodes to an equal identity")
    func codableKeepsItsFormat() throws {
        let id = SceneSessionID("S3.2")
        let data = try JSONEncoder().encode(id)
        #expect(String(decoding: data, as: UTF8.self) == #"{"rawValue":"S3.2"}"#)
        let decoded = try JSONDecoder().decode(SceneSessionID.self, from: data)
        #expect(decoded == id)
        #expect(Set([decoded]).contains(id))
    }
}
