import Foundation

/// The header every Lifeline store writes in front of its payload: format version, schema
/// version, written-at time, payload length and a CRC-32 checksum.
///
/// Layout (big-endian): the magic `LFLN`, format version (`UInt16`), schema version (`UInt32`),
/// written-at in milliseconds since 1970 (`Int64`), payload length (`UInt32`), CRC-32 of every
/// header byte after the magic and before the checksum followed by the payload (`UInt32`), then
/// the payload. Decoding checks each in that order, so random bytes, a truncated file, a damaged
/// one and one from a newer format each get their own ``StoredDataError``.
///
/// A value, `Sendable`.
public struct StoredEnvelope: Sendable, Equatable {
    /// The format version this build writes and reads.
    public static let formatVersion = 1
    /// Bytes before the payload.
    public static let headerSize = 26
    static let magic: [UInt8] = Array("LFLN".utf8)

    /// The payload's schema version (see ``StoredSchema``).
    public var schemaVersion: Int
    /// When the payload was written, on the writer's clock (millisecond precision).
    public var writtenAt: Date
    /// The payload bytes (JSON for Lifeline's stores).
    public var payload: Data

    /// Creates an envelope.
    public init(schemaVersion: Int, writtenAt: Date, payload: Data) {
        self.schemaVersion = schemaVersion
        self.writtenAt = writtenAt
        self.payload = payload
    }

    /// The envelope's bytes.
    public func encoded() -> Data {
        var data = Data(capacity: Self.headerSize + payload.count)
        data.append(contentsOf: Self.magic)
        Self.append(UInt16(Self.formatVersion), to: &data)
        Self.append(UInt32(truncatingIfNeeded: schemaVersion), to: &data)
        Self.append(UInt64(bitPattern: Self.milliseconds(writtenAt)), to: &data)
        Self.append(UInt32(truncatingIfNeeded: payload.count), to: &data)
        var crc = CRC32()
        crc.update(data[Self.magic.count...])
        crc.update(payload)
        Self.append(crc.value, to: &data)
        data.append(payload)
        return data
    }

    /// Decodes and verifies an envelope.
    /// - Throws: ``StoredDataError`` describing the first check that failed.
    public static func decode(_ data: Data) throws(StoredDataError) -> StoredEnvelope {
        let bytes = [UInt8](data)
        if bytes.count < magic.count + 2 {
            let isStartOfHeader = magic.starts(with: bytes) || bytes.starts(with: magic)
            throw bytes.isEmpty || !isStartOfHeader ? .notAnEnvelope : .truncated(expected: headerSize, actual: bytes.count)
        }
        guard bytes.starts(with: magic) else { throw .notAnEnvelope }
        let format = Int(read(UInt16.self, bytes, at: 4))
        guard format == formatVersion else { throw .unsupportedFormat(found: format, supported: formatVersion) }
        guard bytes.count >= headerSize else { throw .truncated(expected: headerSize, actual: bytes.count) }
        let schema = Int(read(UInt32.self, bytes, at: 6))
        let milliseconds = Int64(bitPattern: read(UInt64.self, bytes, at: 10))
        let length = Int(read(UInt32.self, bytes, at: 18))
        let checksum = read(UInt32.self, bytes, at: 22)
        let expected = headerSize + length
        guard bytes.count >= expected else { throw .truncated(expected: expected, actual: bytes.count) }
        guard bytes.count == expected else { throw .trailingBytes(expected: expected, actual: bytes.count) }
        var crc = CRC32()
        crc.update(bytes[magic.count..<22])
        crc.update(bytes[headerSize...])
        guard crc.value == checksum else { throw .checksumMismatch }
        return StoredEnvelope(
            schemaVersion: schema,
            writtenAt: Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000),
            payload: Data(bytes[headerSize...])
        )
    }

    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite, value > Double(Int64.min), value < Double(Int64.max) else { return 0 }
        return Int64(value)
    }

    private static func append<Integer: FixedWidthInteger>(_ value: Integer, to data: inout Data) {
        withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) }
    }

    private static func read<Integer: FixedWidthInteger>(_ type: Integer.Type, _ bytes: [UInt8], at offset: Int) -> Integer {
        var value = Integer.zero
        for byte in bytes[offset..<offset + MemoryLayout<Integer>.size] {
            value = value << 8 | Integer(byte)
        }
        return value
    }
}
