/// The map from a key to its slot in a frozen table: open addressing keyed by the value type's
/// identity, so a lookup is a multiply, a shift and usually one comparison; named keys also
/// compare their names.
///
/// Built once when a table is frozen and never changed; a value owned by its ``EntryTable``.
struct SlotIndex {
    /// One position of the open-addressing table.
    struct Position {
        /// The value type's identity; 0 marks an empty position.
        var typeBits: UInt
        var slot: Int
        var isNamed: Bool
    }

    private let positions: ContiguousArray<Position>
    private let mask: Int
    private let shift: UInt
    /// Keys by slot, consulted only to compare the names of named keys.
    private let keys: ContiguousArray<AnyDependencyKey>

    /// Builds the index of `keys`, where the slot of `keys[i]` is `i`.
    init(keys: [AnyDependencyKey]) {
        var capacity = 8
        var bits: UInt = 3
        while capacity < keys.count * 2 {
            capacity *= 2
            bits += 1
        }
        var positions = ContiguousArray(repeating: Position(typeBits: 0, slot: -1, isNamed: false), count: capacity)
        mask = capacity - 1
        shift = UInt(UInt.bitWidth) - bits
        for (slot, key) in keys.enumerated() {
            var index = Self.position(of: key.typeBits, shift: shift)
            while positions[index].typeBits != 0 { index = (index + 1) & mask }
            positions[index] = Position(typeBits: key.typeBits, slot: slot, isNamed: key.isNamed)
        }
        self.positions = positions
        self.keys = ContiguousArray(keys)
    }

    private static func position(of bits: UInt, shift: UInt) -> Int {
        Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The slot of `key`, or `nil` if the table has none.
    @inline(__always)
    func slot(for key: AnyDependencyKey) -> Int? {
        let bits = key.typeBits
        let isNamed = key.isNamed
        var index = Self.position(of: bits, shift: shift)
        while true {
            let position = positions[index]
            if position.typeBits == bits, position.isNamed == isNamed,
               !isNamed || keys[position.slot].sameName(as: key) {
                return position.slot
            }
            if position.typeBits == 0 { return nil }
            index = (index &+ 1) & mask
        }
    }
}
