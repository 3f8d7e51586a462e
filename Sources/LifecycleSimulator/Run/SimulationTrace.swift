/// The record of one simulation run: every step, callback, storage write, edit and fault, in
/// order, with its virtual time and lane (process, scene, store). Its FNV-1a hash proves
/// determinism: the same seed gives the same records and so the same hash. Frequent records are
/// hashed from their values (their text is built lazily), so a run that keeps no records (a
/// search) never formats their text, FoundationDB-style; rare ones hash their text.
///
/// Owned by one run; lives on the main actor.
@MainActor
public final class SimulationTrace {
    /// One line of the trace.
    public struct Record: Hashable, Sendable {
        /// The schedule step (-1 for the final check).
        public var step: Int
        /// Virtual milliseconds since the device started.
        public var milliseconds: Int64
        /// Where it happened: `process`, `scene S1`, `disk /Documents/notes`, `history`…
        public var lane: String
        /// What happened.
        public var text: String

        /// The line as it appears in the trace text.
        public var line: String {
            "#\(step) t+\(milliseconds)ms [\(lane)] \(text)"
        }
    }

    /// Every record, in order (empty if the trace was created not to keep them).
    public private(set) var records: [Record] = []
    /// The FNV-1a hash of every record so far (its step and time as 64-bit words, then the values
    /// of a frequent record or the lane and text of a rare one): equal hashes mean equal traces,
    /// whether or not the records are kept.
    public var hash: FNV1a64 { digest }
    /// How many records were written.
    public var count: Int { written }
    /// The storage behind ``hash``.
    private var digest = FNV1a64()
    /// The storage behind ``count``.
    private var written = 0
    private let keepsRecords: Bool

    /// Creates an empty trace; with `keepsRecords` false only the hash is kept.
    public init(keepsRecords: Bool = true) {
        self.keepsRecords = keepsRecords
    }

    /// Appends a record given in parts: `digest` mixes the record's lane and values into the hash
    /// (always, without building text); `lane` and `text` are built only if records are kept.
    /// Deterministic like ``append(_:)``: the same values give the same hash in both modes.
    func append(
        step: Int, milliseconds: Int64, lane: () -> String, text: () -> String, digest: (inout FNV1a64) -> Void
    ) {
        append(step: step, milliseconds: milliseconds) { hash in
            hash.combine(byte: 1)
            digest(&hash)
        } record: {
            Record(step: step, milliseconds: milliseconds, lane: lane(), text: text())
        }
    }

    /// Appends a record whose text comes in parts: `digestText` mixes exactly the UTF-8 bytes of
    /// `text()` into the hash, so the hash is the one ``append(_:)`` gives the same record, and
    /// the text is built only if records are kept (for frequent records hashed like rare ones).
    func append(
        step: Int, milliseconds: Int64, lane: String, text: () -> String, digestText: (inout FNV1a64) -> Void
    ) {
        assert({ var parts = FNV1a64(); digestText(&parts); return parts == FNV1a64(text()) }(),
               "the digest of a record's text parts differs from its text's: \(text())")
        append(step: step, milliseconds: milliseconds) { hash in
            hash.combine(lane)
            hash.combine(byte: 0)
            digestText(&hash)
        } record: {
            Record(step: step, milliseconds: milliseconds, lane: lane, text: text())
        }
    }

    /// Appends a record.
    public func append(_ record: Record) {
        append(step: record.step, milliseconds: record.milliseconds) { hash in
            hash.combine(record.lane)
            hash.combine(byte: 0)
            hash.combine(record.text)
        } record: {
            record
        }
    }

    /// The framing every record shares: its step and time, then what `body` mixes, then a line
    /// end; the record itself is made only if records are kept.
    private func append(
        step: Int, milliseconds: Int64, mixing body: (inout FNV1a64) -> Void, record: () -> Record
    ) {
        written += 1
        var mixed = digest
        mixed.combine(UInt64(bitPattern: Int64(step)))
        mixed.combine(UInt64(bitPattern: milliseconds))
        body(&mixed)
        mixed.combine(byte: 10)
        digest = mixed
        if keepsRecords { records.append(record()) }
    }

    /// The whole trace as text, one record per line.
    public var text: String {
        records.map { $0.line }.joined(separator: "\n")
    }
}
