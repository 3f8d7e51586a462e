import Foundation

/// The CRC-32 checksum (IEEE 802.3, reflected polynomial `0xEDB88320`, as zlib and PNG use) that
/// ``StoredEnvelope`` writes to detect truncated or damaged files.
///
/// ```swift
/// var crc = CRC32()
/// crc.update(header)
/// crc.update(payload)
/// let checksum = crc.value
/// ```
///
/// A value, `Sendable`; not a cryptographic hash — it catches accidents, not tampering.
public struct CRC32: Sendable, Equatable {
    /// Eight 256-entry tables (slicing-by-8): table `k` advances a byte through `k` more zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 {
                value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
            }
            tables[index] = value
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    private var state: UInt32 = 0xFFFF_FFFF

    /// A checksum of no bytes.
    public init() {}

    /// The checksum of `bytes`.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    /// Adds `bytes` to the checksum.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        var crc = state
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            crc = Self.update(crc, UnsafeRawBufferPointer(buffer))
        }
        if handled == nil {
            crc = Array(bytes).withUnsafeBytes { Self.update(crc, $0) }
        }
        state = crc
    }

    /// The checksum of the bytes added so far.
    public var value: UInt32 { state ^ 0xFFFF_FFFF }

    private static func update(_ start: UInt32, _ buffer: UnsafeRawBufferPointer) -> UInt32 {
        tables.withUnsafeBufferPointer { table in
            var crc = start
            var index = 0
            let count = buffer.count
            while index + 8 <= count {
                let low = crc ^ (UInt32(buffer[index]) | UInt32(buffer[index + 1]) << 8
                    | UInt32(buffer[index + 2]) << 16 | UInt32(buffer[index + 3]) << 24)
                crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(buffer[index + 4])] ^ table[2 * 256 + Int(buffer[index + 5])]
                    ^ table[1 * 256 + Int(buffer[index + 6])] ^ table[Int(buffer[index + 7])]
                index += 8
            }
            while index < count {
                crc = table[Int((crc ^ UInt32(buffer[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
            return crc
        }
    }
}
