extension WorkTracker {
    /// A task identity as the tracker's tables key it: equal to and hashed from the identity alone,
    /// with a hash that costs one word mix instead of a `Hasher` run.
    ///
    /// Every tracked task is looked up in these tables about ten times (start, park, unpark,
    /// finish), and hashing an `Int` through `Hasher` costs about as much as the rest of each
    /// lookup. A value type for the tracker's own use; lives wherever its tracker does.
    struct Key: Hashable {
        let id: TaskID

        /// The identity mixed with the table's seed (see ``DigestHashing/rawHashValue(of:seed:)``):
        /// identities are sequential, and the mix spreads them over the table.
        func _rawHashValue(seed: Int) -> Int {
            DigestHashing.rawHashValue(of: UInt64(UInt(bitPattern: id)), seed: seed)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(id)
        }
    }
}
