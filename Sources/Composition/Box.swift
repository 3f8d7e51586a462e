/// A cached value in a scope's slot storage. Its type is fixed by the slot's entry, so reading it
/// back is a pointer cast, never a dynamic cast.
@usableFromInline
final class Box<Value> {
    @usableFromInline let value: Value

    @usableFromInline
    init(_ value: Value) {
        self.value = value
    }
}

/// The slots of one ``ServiceScope``: one retained box pointer per slot of its table, `nil` until a
/// value of that slot's lifetime is cached there.
///
/// Fixed-size and allocated when the scope opens, so that a read is one load with no reference
/// counting, no exclusivity check and no copy-on-write; descendants read an ancestor's slots
/// through the same base pointer. Owned by exactly one scope, which frees it in `deinit`.
@usableFromInline
struct SlotStorage: @unchecked Sendable {
    // Safe because only the owning ServiceScope and its descendants (which it outlives) touch it,
    // on the main actor, and the owner's nonisolated deinit frees it once no one can reach it.
    @usableFromInline let base: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    @usableFromInline let count: Int

    init(count: Int) {
        self.count = count
        base = .allocate(capacity: Swift.max(count, 1))
        base.initialize(repeating: nil, count: count)
    }

    /// Caches `box` in `slot`, which must be empty.
    func store(_ box: AnyObject, at slot: Int) {
        base[slot] = Unmanaged.passRetained(box).toOpaque()
    }

    /// Whether `slot` holds a value.
    func contains(_ slot: Int) -> Bool {
        base[slot] != nil
    }

    /// Takes the box out of `slot`, leaving it empty.
    func take(_ slot: Int) -> AnyObject? {
        guard let raw = base[slot] else { return nil }
        base[slot] = nil
        return Unmanaged<AnyObject>.fromOpaque(raw).takeRetainedValue()
    }

    /// Releases every box and frees the memory; the storage must not be used afterwards.
    func free() {
        for slot in 0..<count { _ = take(slot) }
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The value cached at `raw`, a box of `Value`, without retaining the box.
    @inlinable
    @inline(__always)
    static func value<Value>(at raw: UnsafeMutableRawPointer, as type: Value.Type) -> Value {
        // Safe because a slot only ever caches a Box of its key's value type.
        Unmanaged<Box<Value>>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.value }
    }
}
