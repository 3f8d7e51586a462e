/// The frozen map from a key to its slot: open addressing keyed by the value type's identity, so a
/// lookup is a multiply, a shift and usually one comparison; no hashing of strings, no locks.
/// An immutable value built when a table is frozen.
@usableFromInline
struct SlotTable {
    /// Type identities by position; 0 marks an empty position.
    @usableFromInline let typeBits: ContiguousArray<UInt>
    @usableFromInline let names: ContiguousArray<String?>
    @usableFromInline let slots: ContiguousArray<Int>
    @usableFromInline let mask: Int
    @usableFromInline let shift: UInt

    /// Builds the table of `keys`, where the slot of `keys[i]` is `i`.
    init(keys: [AnyDependencyKey]) {
        var capacity = 8
        var bits: UInt = 3
        while capacity < keys.count * 2 {
            capacity *= 2
            bits += 1
        }
        var typeBits = ContiguousArray<UInt>(repeating: 0, count: capacity)
        var names = ContiguousArray<String?>(repeating: nil, count: capacity)
        var slots = ContiguousArray<Int>(repeating: -1, count: capacity)
        mask = capacity - 1
        shift = UInt(UInt.bitWidth) - bits
        for (slot, key) in keys.enumerated() {
            var index = Self.position(of: key.typeBits, shift: shift)
            while typeBits[index] != 0 { index = (index + 1) & mask }
            typeBits[index] = key.typeBits
            names[index] = key.name
            slots[index] = slot
        }
        self.typeBits = typeBits
        self.names = names
        self.slots = slots
    }

    @inlinable
    static func position(of bits: UInt, shift: UInt) -> Int {
        Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The slot of `key`, or `nil` if the table has none.
    @inlinable
    func slot(for key: AnyDependencyKey) -> Int? {
        let bits = key.typeBits
        var index = Self.position(of: bits, shift: shift)
        while true {
            let candidate = typeBits[index]
            if candidate == bits, names[index] == key.name { return slots[index] }
            if candidate == 0 { return nil }
            index = (index &+ 1) & mask
        }
    }
}
