import Foundation

/// How one kind of restorable state is stored and checked: schema version and migrations, the
/// default, a size limit and the app's validator.
///
/// ```swift
/// extension RestorationSchema where State == ReaderSceneState {
///     static let readerScene = RestorationSchema(
///         version: 2, migrations: [readerV1toV2], default: ReaderSceneState(),
///         validate: { state in state.page >= 0 ? .valid(state) : .invalid(message: "…") })
/// }
/// ```
///
/// Restorable state is compact (identifiers, small values, never view objects); the limit
/// defaults to 50 KB, Android's advice for saved state. A value, `Sendable`; apps declare schemas
/// as statics.
public struct RestorationSchema<State: Codable & Sendable>: Sendable {
    /// Versions, migrations and the size limit.
    public let codec: StoredCodec
    /// What a restore returns when nothing usable is stored.
    public let defaultState: State
    /// The app's check of restored (untrusted) state. Runs on the main actor.
    public let validate: @MainActor @Sendable (State) -> RestorationValidation<State>

    /// The default size limit: 50 KB.
    public static var defaultSizeLimit: Int { 50_000 }

    /// Creates a schema.
    public init(
        version: Int = 1,
        migrations: [SchemaMigration] = [],
        default defaultState: State,
        sizeLimit: Int = defaultSizeLimit,
        validate: @escaping @MainActor @Sendable (State) -> RestorationValidation<State> = { .valid($0) }
    ) {
        self.codec = StoredCodec(schema: StoredSchema(version: version, migrations: migrations), sizeLimit: sizeLimit)
        self.defaultState = defaultState
        self.validate = validate
    }

    /// The enveloped bytes of `state`: what a scene hands back as its session's restoration
    /// payload, or what ``RestorationStore`` writes.
    /// - Throws: ``DurableStoreError`` (too large, sensitive, not encodable); nothing is produced.
    public func encode(_ state: State, writtenAt: Date) throws(DurableStoreError) -> Data {
        try codec.encode(state, writtenAt: writtenAt)
    }

    /// Restores from an in-memory payload (a scene session's), which may be missing, truncated,
    /// random, of another schema version, or invalid: never crashes, always returns a state.
    @MainActor
    public func restore(from payload: Data?) -> Restored<State> {
        guard let payload else { return nothingStored() }
        do throws(StoredDataError) {
            let stored = try codec.decode(State.self, from: payload)
            return validated(stored.value, schemaVersion: stored.schemaVersion, writtenAt: stored.writtenAt)
        } catch {
            return defaulted(.unusablePayload(error))
        }
    }

    @MainActor
    func validated(_ state: State, schemaVersion: Int?, writtenAt: Date?) -> Restored<State> {
        switch validate(state) {
        case .valid(let state):
            Restored(state: state, outcome: .restored, recoveryMessages: [], problem: nil,
                     storedSchemaVersion: schemaVersion, writtenAt: writtenAt)
        case let .repaired(state, message):
            Restored(state: state, outcome: .repaired, recoveryMessages: [message], problem: nil,
                     storedSchemaVersion: schemaVersion, writtenAt: writtenAt)
        case .invalid(let message):
            Restored(state: defaultState, outcome: .defaulted, recoveryMessages: [message],
                     problem: .invalid(message: message), storedSchemaVersion: schemaVersion, writtenAt: writtenAt)
        }
    }

    func nothingStored() -> Restored<State> {
        Restored(state: defaultState, outcome: .nothingStored, recoveryMessages: [], problem: nil,
                 storedSchemaVersion: nil, writtenAt: nil)
    }

    func defaulted(_ problem: RestorationError) -> Restored<State> {
        Restored(state: defaultState, outcome: .defaulted, recoveryMessages: [], problem: problem,
                 storedSchemaVersion: nil, writtenAt: nil)
    }
}
