import DurableState
import Foundation

/// Ready-made restoration damage for state stored with a DurableState `RestorationSchema`: the
/// payload's state edited in the app's own terms, or written by a newer version of the app.
///
/// ```swift
/// app.restorationMutations = [
///     .editing("deleted list", ListSceneState.restoration) { state, random in state.openList = "gone-\(random.int(below: 9))" },
///     .newerSchema(ListSceneState.restoration),
/// ]
/// ```
extension RestorationMutator {
    /// Decodes the state a payload of `schema` holds (its default when none is readable), lets
    /// `edit` change it and encodes it again with the payload's date: a record deleted since the
    /// state was saved, an identifier out of range, a field the validator must refuse.
    public static func editing<State>(
        _ name: String, _ schema: RestorationSchema<State>,
        _ edit: @escaping @Sendable (inout State, inout SimulationRandom) -> Void
    ) -> RestorationMutator {
        RestorationMutator(name: name) { payload, random in
            var (state, writtenAt) = decoded(payload, schema)
            edit(&state, &random)
            return (try? schema.encode(state, writtenAt: writtenAt)) ?? payload
        }
    }

    /// The payload's state as the next version of the app writes it (`schema`'s version plus
    /// one): a session restored after a downgrade, or on a device that ran a newer build. The
    /// app cannot read it and must start the scene from its default, saying so, not crash.
    public static func newerSchema<State>(_ schema: RestorationSchema<State>) -> RestorationMutator {
        let newer = StoredCodec(schema: StoredSchema(version: schema.codec.schema.version + 1), sizeLimit: schema.codec.sizeLimit)
        return RestorationMutator(name: "newer schema") { payload, _ in
            let (state, writtenAt) = decoded(payload, schema)
            return (try? newer.encode(state, writtenAt: writtenAt)) ?? payload
        }
    }

    /// The state `payload` holds and when it was written, or the schema's default (written at
    /// the epoch) when it holds none readable.
    private static func decoded<State>(_ payload: Data, _ schema: RestorationSchema<State>) -> (State, Date) {
        guard let stored = try? schema.codec.decode(State.self, from: payload) else {
            return (schema.defaultState, Date(timeIntervalSince1970: 0))
        }
        return (stored.value, stored.writtenAt)
    }
}
