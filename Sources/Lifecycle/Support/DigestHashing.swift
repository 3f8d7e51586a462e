/// Hashing for keys that carry a digest of their contents computed once (scene identities, the
/// simulator's history keys and disk paths): dictionary and set lookups then cost one mix of a
/// word instead of a `Hasher` run over the contents.
///
/// A namespace of pure functions, for this package's modules only; safe from any thread.
package enum DigestHashing {
    /// FNV-1a of `text`'s UTF-8 bytes.
    package static func digest(of text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { bytes in
            var value: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return value
        }
    }

    /// What a key's `_rawHashValue(seed:)` returns: `digest` mixed with the table's `seed` by a
    /// SplitMix64 finalizer.
    ///
    /// `_rawHashValue(seed:)` is the `Hashable` requirement the standard library's tables call to
    /// place a key; its default runs `hash(into:)` through a `Hasher` (seeding, combining and
    /// finalizing cost about as much as the rest of a lookup). Keys whose equality implies equal
    /// digests stay consistent with `==`, and the seed still varies per table and per process.
    package static func rawHashValue(of digest: UInt64, seed: Int) -> Int {
        var mixed = digest ^ UInt64(UInt(bitPattern: seed))
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 31))
    }
}
