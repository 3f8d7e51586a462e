/// The hot half of a frozen table: the map from a key to its slot (open addressing keyed by the
/// value type's identity, so a lookup is a multiply, a shift and usually one comparison), and the
/// mode and entry of each slot, in raw memory read without reference counting or locks.
///
/// Built once when a table is frozen and never changed; owned by its ``EntryTable`` (which keeps
/// the entries alive) and freed with it. Used on the main actor.
@usableFromInline
final class SlotTable {
    /// One position of the open-addressing table.
    @usableFromInline
    struct Position {
        /// The value type's identity; 0 marks an empty position.
        @usableFromInline var typeBits: UInt
        @usableFromInline var slot: Int
        @usableFromInline var isNamed: Bool
    }

    @usableFromInline let positions: UnsafeMutablePointer<Position>
    @usableFromInline let mask: Int
    @usableFromInline let shift: UInt
    /// Keys by slot, consulted only to compare the names of named keys.
    @usableFromInline let keys: ContiguousArray<AnyDependencyKey>
    /// Where each slot's value lives, by slot.
    @usableFromInline let modes: UnsafeMutablePointer<Entry.Mode>
    /// Each slot's entry, unretained (the owning table retains them), by slot.
    @usableFromInline let entries: UnsafeMutablePointer<Unmanaged<Entry>>

    /// Builds the table of `keys`, where the slot of `keys[i]` is `i` and its entry `entries[i]`.
    @MainActor
    init(keys: [AnyDependencyKey], entries: ContiguousArray<Entry>) {
        modes = .allocate(capacity: Swift.max(entries.count, 1))
        modes.initialize(from: entries.map(\.mode), count: entries.count)
        self.entries = .allocate(capacity: Swift.max(entries.count, 1))
        self.entries.initialize(from: entries.map { Unmanaged.passUnretained($0) }, count: entries.count)
        var capacity = 8
        var bits: UInt = 3
        while capacity < keys.count * 2 {
            capacity *= 2
            bits += 1
        }
        positions = .allocate(capacity: capacity)
        positions.initialize(repeating: Position(typeBits: 0, slot: -1, isNamed: false), count: capacity)
        mask = capacity - 1
        shift = UInt(UInt.bitWidth) - bits
        self.keys = ContiguousArray(keys)
        for (slot, key) in keys.enumerated() {
            var index = Self.position(of: key.typeBits, shift: shift)
            while positions[index].typeBits != 0 { index = (index + 1) & mask }
            positions[index] = Position(typeBits: key.typeBits, slot: slot, isNamed: key.isNamed)
        }
    }

    deinit {
        positions.deallocate()
        modes.deallocate()
        entries.deallocate()
    }

    @inlinable
    static func position(of bits: UInt, shift: UInt) -> Int {
        Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The slot of `key`, or `nil` if the table has none. Type keys take an inlined loop that
    /// calls nothing; named keys compare their names out of line.
    @inlinable
    @inline(__always)
    func slot(for key: AnyDependencyKey) -> Int? {
        guard !key.isNamed else { return namedSlot(for: key) }
        let bits = key.typeBits
        var index = Self.position(of: bits, shift: shift)
        while true {
            let position = positions[index]
            if position.typeBits == bits, !position.isNamed { return position.slot }
            if position.typeBits == 0 { return nil }
            index = (index &+ 1) & mask
        }
    }

    /// The slot of a named key.
    @usableFromInline
    @inline(never)
    func namedSlot(for key: AnyDependencyKey) -> Int? {
        var index = Self.position(of: key.typeBits, shift: shift)
        while true {
            let position = positions[index]
            if position.typeBits == key.typeBits, position.isNamed, keys[position.slot].sameName(as: key) {
                return position.slot
            }
            if position.typeBits == 0 { return nil }
            index = (index &+ 1) & mask
        }
    }
}
