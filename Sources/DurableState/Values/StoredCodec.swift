import Foundation

/// Turns values into enveloped bytes and back: JSON payload (sorted keys, so equal values give
/// equal bytes), ``StoredEnvelope`` header, ``StoredSchema`` migrations, a size limit and the
/// ``SensitiveValue`` check. Every Lifeline store encodes and decodes through it.
///
/// ```swift
/// let codec = StoredCodec(schema: StoredSchema(version: 2, migrations: [v1to2]), sizeLimit: 50_000)
/// let bytes = try codec.encode(state, writtenAt: clock.date)
/// let decoded = try codec.decode(SceneState.self, from: bytes)
/// ```
///
/// A value, `Sendable`.
public struct StoredCodec: Sendable {
    /// The payload schema.
    public let schema: StoredSchema
    /// The largest encoded size (header included) that is written or read.
    public let sizeLimit: Int

    /// Creates a codec.
    public init(schema: StoredSchema = .initial, sizeLimit: Int) {
        self.schema = schema
        self.sizeLimit = sizeLimit
    }

    /// The enveloped bytes of `value` at the schema's version.
    /// - Throws: ``DurableStoreError/sensitiveValue(type:)``, ``DurableStoreError/encodingFailed(type:reason:)``
    ///   or ``DurableStoreError/tooLarge(bytes:limit:)``; nothing is written in any case.
    public func encode<Value: Encodable>(_ value: Value, writtenAt: Date) throws(DurableStoreError) -> Data {
        if let sensitive = SensitiveValueScanner.firstSensitiveType(in: value) {
            throw .sensitiveValue(type: sensitive)
        }
        return try encodeChecked(value, writtenAt: writtenAt)
    }

    /// ``encode(_:writtenAt:)`` for a value already checked for sensitive values.
    func encodeChecked<Value: Encodable>(_ value: Value, writtenAt: Date) throws(DurableStoreError) -> Data {
        let payload: Data
        do {
            payload = try Self.encoder().encode(value)
        } catch {
            throw .encodingFailed(type: String(describing: Value.self), reason: String(describing: type(of: error)))
        }
        let size = StoredEnvelope.headerSize + payload.count
        guard size <= sizeLimit else { throw .tooLarge(bytes: size, limit: sizeLimit) }
        return StoredEnvelope(schemaVersion: schema.version, writtenAt: writtenAt, payload: payload).encoded()
    }

    /// Refuses `value` if its enveloped bytes would be over ``sizeLimit`` (or it does not encode),
    /// without keeping them. A string that fits however it is escaped (six bytes per UTF-8 byte
    /// at most) is not encoded at all, so checking each keystroke of a short text costs nothing.
    /// - Throws: ``DurableStoreError/tooLarge(bytes:limit:)`` with the exact size, or
    ///   ``DurableStoreError/encodingFailed(type:reason:)``.
    public func checkSize<Value: Encodable>(of value: Value) throws(DurableStoreError) {
        if let text = value as? String, StoredEnvelope.headerSize + 2 + 6 * text.utf8.count <= sizeLimit { return }
        _ = try encodeChecked(value, writtenAt: Date(timeIntervalSince1970: 0))
    }

    /// Verifies, migrates and decodes enveloped bytes.
    /// - Throws: ``StoredDataError`` saying why the bytes cannot be used.
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(StoredDataError) -> StoredValue<Value> {
        guard data.count <= sizeLimit else { throw .oversized(bytes: data.count, limit: sizeLimit) }
        let envelope = try StoredEnvelope.decode(data)
        let payload = try schema.migrate(envelope.payload, from: envelope.schemaVersion)
        do {
            let value = try JSONDecoder().decode(Value.self, from: payload)
            return StoredValue(value: value, schemaVersion: envelope.schemaVersion, writtenAt: envelope.writtenAt)
        } catch {
            throw .undecodable(reason: StoredDataError.reason(for: error))
        }
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

/// A value decoded by a ``StoredCodec``, with what its envelope said. A value, `Sendable` when
/// `Value` is.
public struct StoredValue<Value> {
    /// The decoded (and, if needed, migrated) value.
    public var value: Value
    /// The schema version it was stored with (older than the codec's if it was migrated).
    public var schemaVersion: Int
    /// When it was written.
    public var writtenAt: Date
}

extension StoredValue: Sendable where Value: Sendable {}
extension StoredValue: Equatable where Value: Equatable {}
