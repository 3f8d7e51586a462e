import DurableState
import Foundation
import Testing

@Suite("StoredEnvelope")
struct StoredEnvelopeTests {
    let envelope = StoredEnvelope(
        schemaVersion: 3, writtenAt: Date(timeIntervalSince1970: 1_800_000_000.123), payload: Data(#"{"a":1}"#.utf8))

    @Test("round-trips schema version, written-at time (ms) and payload")
    func roundTrip() throws {
        let decoded = try StoredEnvelope.decode(envelope.encoded())
        #expect(decoded == envelope)
        #expect(envelope.encoded().count == StoredEnvelope.headerSize + envelope.payload.count)
    }

    @Test("every truncation is reported as truncated, never decoded")
    func truncations() {
        let bytes = envelope.encoded()
        for length in 1..<bytes.count {
            #expect(throws: StoredDataError.truncated(expected: length < StoredEnvelope.headerSize ? StoredEnvelope.headerSize : bytes.count, actual: length)) {
                try StoredEnvelope.decode(bytes.prefix(length))
            }
        }
        #expect(throws: StoredDataError.notAnEnvelope) { try StoredEnvelope.decode(Data()) }
    }

    @Test("any flipped byte after the format version is detected")
    func flippedBytes() {
        let bytes = envelope.encoded()
        for index in 6..<bytes.count {
            var damaged = bytes
            damaged[index] ^= 0x5A
            #expect(throws: StoredDataError.self) { try StoredEnvelope.decode(damaged) }
        }
    }

    @Test("random bytes, a newer format and trailing bytes each get their own error")
    func otherDamage() {
        var random = SystemRandomNumberGenerator()
        let noise = Data((0..<300).map { _ in UInt8.random(in: 0...255, using: &random) })
        #expect(throws: StoredDataError.notAnEnvelope) { try StoredEnvelope.decode(Data("{\"json\":true}".utf8)) }
        if !noise.starts(with: Array("LFLN".utf8)) {
            #expect(throws: StoredDataError.notAnEnvelope) { try StoredEnvelope.decode(noise) }
        }
        var newer = envelope.encoded()
        newer[5] = 2
        #expect(throws: StoredDataError.unsupportedFormat(found: 2, supported: 1)) { try StoredEnvelope.decode(newer) }
        let longer = envelope.encoded() + Data([0])
        #expect(throws: StoredDataError.trailingBytes(expected: longer.count - 1, actual: longer.count)) {
            try StoredEnvelope.decode(longer)
        }
    }
}
