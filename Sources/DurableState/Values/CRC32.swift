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
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

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
        let table = Self.table
        var crc = state
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            table.withUnsafeBufferPointer { table in
                for byte in buffer {
                    crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
                }
            }
        }
        if handled == nil {
            for byte in bytes {
                crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
            }
        }
        state = crc
    }

    /// The checksum of the bytes added so far.
    public var value: UInt32 { state ^ 0xFFFF_FFFF }
}
