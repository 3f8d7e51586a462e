@testable import CampusLibrary
import Foundation
import Lifecycle
import Testing

@Suite("WindowRestoration")
struct WindowRestorationTests {
    let state = WindowState(
        query: "tale", selection: TestBooks.twoCities.id,
        navigation: NavigationState(path: [.book(TestBooks.twoCities.id), .notes(TestBooks.twoCities.id)])
    )

    @Test("a window state survives the round trip through its envelope")
    func roundTrip() throws {
        #expect(try WindowRestoration.decode(WindowRestoration.encode(state)) == state)
    }

    @Test("truncated, random, oversized and tampered payloads are refused with a reason")
    func refusesDamagedPayloads() throws {
        let payload = WindowRestoration.encode(state)
        #expect(throws: WindowRestoration.Failure.unreadable) { try WindowRestoration.decode(payload.prefix(payload.count / 2)) }
        #expect(throws: WindowRestoration.Failure.unreadable) { try WindowRestoration.decode(Data((0..<64).map { UInt8($0 * 7 % 256) })) }
        #expect(throws: WindowRestoration.Failure.tooLarge(20_000)) { try WindowRestoration.decode(Data(count: 20_000)) }
        let tampered = String(decoding: payload, as: UTF8.self).replacingOccurrences(of: "\"checksum\":\"", with: "\"checksum\":\"0")
        #expect(throws: WindowRestoration.Failure.checksumMismatch) { try WindowRestoration.decode(Data(tampered.utf8)) }
    }

    @Test("a payload from a newer schema is refused rather than misread")
    func refusesNewerSchema() throws {
        var object = try #require(JSONSerialization.jsonObject(with: WindowRestoration.encode(state)) as? [String: Any])
        object["schema"] = WindowState.schemaVersion + 1
        let payload = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: WindowRestoration.Failure.unsupportedVersion(format: 1, schema: WindowState.schemaVersion + 1)) {
            try WindowRestoration.decode(payload)
        }
    }

    @Test("a malformed book identifier or an over-long path makes the state invalid")
    func refusesInvalidContent() throws {
        func envelope(_ json: String) -> Data {
            let payload = Data(json.utf8)
            let object: [String: Any] = [
                "format": 1, "schema": 1, "checksum": SHA256.hex(payload), "payload": payload.base64EncodedString(),
            ]
            return (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        }
        #expect(throws: WindowRestoration.Failure.invalidState) {
            try WindowRestoration.decode(envelope(#"{"query":"","selection":"../../etc/passwd","navigation":{"path":[]}}"#))
        }
        let longPath = Array(repeating: #"{"basket":{}}"#, count: 40).joined(separator: ",")
        #expect(throws: WindowRestoration.Failure.invalidState) {
            try WindowRestoration.decode(envelope(#"{"query":"","navigation":{"path":[\#(longPath)]}}"#))
        }
    }
}
