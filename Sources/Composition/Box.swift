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

/// The slots of one ``ServiceScope``: one reference per slot of its table, `nil` until a value of
/// that slot's lifetime is cached there.
///
/// Fixed-size and allocated when the scope opens, so a read is an index into memory with no
/// exclusivity check and no copy-on-write. Owned by exactly one scope, which frees it in `deinit`.
@usableFromInline
struct SlotStorage: @unchecked Sendable {
    // Safe because only the owning ServiceScope reads and writes it, on the main actor, and its
    // nonisolated deinit frees it only once no one else can reach the scope.
    @usableFromInline let base: UnsafeMutablePointer<AnyObject?>
    @usableFromInline let count: Int

    init(count: Int) {
        self.count = count
        base = .allocate(capacity: Swift.max(count, 1))
        base.initialize(repeating: nil, count: count)
    }

    @inlinable
    subscript(slot: Int) -> AnyObject? {
        get { base[slot] }
        nonmutating set { base[slot] = newValue }
    }

    /// Takes the value out of `slot`, leaving it empty.
    func take(_ slot: Int) -> AnyObject? {
        let value = base[slot]
        base[slot] = nil
        return value
    }

    /// Releases every value and frees the memory; the storage must not be used afterwards.
    func free() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
