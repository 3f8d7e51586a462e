import Lifecycle

/// The scene sessions the device keeps, by slot: a small array indexed by slot number instead of
/// a dictionary, so that the legality checks and the generator, which look slots up before every
/// step, hash nothing. Slots are the small positive numbers `1...maxScenes` the legality rules
/// allow; a slot out of range reads as empty.
///
/// A value owned by ``SimulationRun``; main actor.
struct SlotSessions {
    private var records: [SessionRecord?] = []
    /// Bumped by every store through the subscript (even of an equal record), so that a reader
    /// can tell that the records are the ones it last read (``SimulationRun/capturePayloads()``).
    private(set) var revision = 0

    /// The session record of `slot`, if any. Storing a record needs a slot of at least 0 (the
    /// run only connects legal slots); storing `nil` out of range does nothing.
    subscript(slot: Int) -> SessionRecord? {
        get { records.indices.contains(slot) ? records[slot] : nil }
        set {
            revision &+= 1
            if records.indices.contains(slot) {
                records[slot] = newValue
            } else if let newValue {
                precondition(slot >= 0, "scene slots are never negative")
                records.append(contentsOf: repeatElement(nil, count: slot - records.count + 1))
                records[slot] = newValue
            }
        }
    }

    /// The session identity of `slot`, if any: `self[slot]?.id` without copying the record.
    func id(of slot: Int) -> SceneSessionID? {
        records.indices.contains(slot) ? records[slot]?.id : nil
    }

    /// Whether `slot` holds a session with a non-empty restoration payload, without copying it.
    func hasPayload(_ slot: Int) -> Bool {
        guard records.indices.contains(slot), let payload = records[slot]?.payload else { return false }
        return !payload.isEmpty
    }

    /// Every slot that may hold a session, ascending (empty ones included).
    var slotRange: Range<Int> { records.indices }

    /// The slots holding a session, ascending.
    var slots: [Int] { records.indices.filter { records[$0] != nil } }

    /// The lowest slot holding a session.
    var firstSlot: Int? { records.indices.first { records[$0] != nil } }
}
