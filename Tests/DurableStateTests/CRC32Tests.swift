import DurableState
import Foundation
import Testing

@Suite("CRC32")
struct CRC32Tests {
    @Test("matches the standard check value and zlib's results")
    func knownValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
    }

    @Test("updating in pieces equals one pass")
    func incremental() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var crc = CRC32()
        crc.update(bytes[..<333])
        crc.update(bytes[333...])
        #expect(crc.value == CRC32.checksum(bytes))
        #expect(CRC32.checksum(Data(bytes)) == CRC32.checksum(bytes))
    }
}
