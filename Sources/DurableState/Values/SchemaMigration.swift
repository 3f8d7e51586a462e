import Foundation

/// One explicit step between schema versions of a stored payload: from `sourceVersion` to
/// `sourceVersion + 1`.
///
/// ```swift
/// let v1to2 = SchemaMigration.converting(from: 1, CartV1.self, to: CartV2.self) { old in
///     CartV2(lines: old.items.map { CartV2.Line(productID: $0, quantity: 1) })
/// }
/// ```
///
/// Steps are keyed by their source version and each runs at most once per load; the migrated
/// payload is written back under the new version, so running the chain again on migrated data
/// does nothing — migrations are idempotent by construction. A migration must be a pure function
/// of its input. A value, `Sendable`.
public struct SchemaMigration: Sendable {
    /// The schema version this step reads.
    public let sourceVersion: Int
    private let transform: @Sendable (Data) throws -> Data

    /// A step that rewrites the JSON payload bytes of version `sourceVersion`.
    public init(from sourceVersion: Int, transform: @escaping @Sendable (Data) throws -> Data) {
        self.sourceVersion = sourceVersion
        self.transform = transform
    }

    /// A step that decodes the old payload as `Old`, converts it and encodes the result as `New`.
    public static func converting<Old: Decodable & SendableMetatype, New: Encodable & SendableMetatype>(
        from sourceVersion: Int,
        _ old: Old.Type,
        to new: New.Type,
        _ convert: @escaping @Sendable (Old) throws -> New
    ) -> SchemaMigration {
        SchemaMigration(from: sourceVersion) { data in
            try StoredCodec.encoder().encode(convert(JSONDecoder().decode(Old.self, from: data)))
        }
    }

    func apply(_ payload: Data) throws(StoredDataError) -> Data {
        do {
            return try transform(payload)
        } catch {
            throw .migrationFailed(from: sourceVersion, reason: StoredDataError.reason(for: error))
        }
    }
}

/// The schema of a stored payload: its current version and the migrations that lead to it.
///
/// ```swift
/// let schema = StoredSchema(version: 2, migrations: [v1to2])
/// ```
///
/// A payload of an older version is migrated step by step; a newer one is refused with
/// ``StoredDataError/newerSchema(found:supported:)`` (its file quarantined, not deleted). A value,
/// `Sendable`.
public struct StoredSchema: Sendable {
    /// The version this build writes.
    public let version: Int
    /// Steps by source version.
    private let steps: [Int: SchemaMigration]

    /// Creates a schema at `version` with `migrations` (one per older version that can still be read).
    public init(version: Int = 1, migrations: [SchemaMigration] = []) {
        self.version = version
        var steps: [Int: SchemaMigration] = [:]
        for migration in migrations { steps[migration.sourceVersion] = migration }
        self.steps = steps
    }

    /// Version 1, no migrations.
    public static let initial = StoredSchema()

    /// The payload of `storedVersion` brought to ``version``.
    /// - Throws: ``StoredDataError`` for a newer version, a missing step or a failing step.
    public func migrate(_ payload: Data, from storedVersion: Int) throws(StoredDataError) -> Data {
        guard storedVersion <= version else { throw .newerSchema(found: storedVersion, supported: version) }
        var current = payload
        for source in storedVersion..<version {
            guard let step = steps[source] else { throw .missingMigration(from: source) }
            current = try step.apply(current)
        }
        return current
    }
}
