import Lifecycle

extension ServiceScope {
    /// Resolves the service registered for the type `Value`.
    ///
    /// ```swift
    /// let books = try scope.resolve((any BookService).self)
    /// ```
    ///
    /// - Throws: ``CompositionError`` naming the key and the resolution path (a missing
    ///   registration, a cycle, a captive dependency, a factory failure…). Nothing new is cached for
    ///   the failing service; dependencies already created stay owned by their scopes.
    @inlinable
    @inline(__always)
    public func resolve<Value>(_ type: Value.Type) throws(CompositionError) -> Value {
        try resolve(DependencyKey(type))
    }

    /// Resolves the service registered under `key`.
    ///
    /// - Throws: ``CompositionError`` naming the key and the resolution path. Nothing new is cached
    ///   for the failing service; dependencies already created stay owned by their scopes.
    @inlinable
    @inline(__always)
    public func resolve<Value>(_ key: DependencyKey<Value>) throws(CompositionError) -> Value {
        guard !isClosed, let slot = index.slot(for: key.erased) else { throw unresolvable(key.erased) }
        return try resolve(slot: slot, as: Value.self)
    }

    /// Resolves the value of `slot`, whose entry is a `TypedEntry<Value>` unless it fails.
    ///
    /// The hot path reads raw memory only: the slot's mode, then for a cached value the owning
    /// scope's slot and the box's value, with no retain but the returned value's.
    @inlinable
    @inline(__always)
    func resolve<Value>(slot: Int, as type: Value.Type) throws(CompositionError) -> Value {
        let mode = index.modes[slot]
        if let slots = slots(for: mode) {
            if let raw = slots[slot] { return SlotStorage.value(at: raw, as: Value.self) }
            return try create(slot: slot, as: Value.self)
        }
        guard mode == .transient else { throw unresolvable(slot: slot) }
        // Safe because a non-failing slot's entry is a TypedEntry of its key's value type, and the
        // table, retained by this scope, keeps it (and its factory) alive during the call.
        let entry = Unmanaged<TypedEntry<Value>>.fromOpaque(index.entries[slot].toOpaque())
        do {
            return try entry.withGuaranteedReference { entry in try entry.make(self, entry) }
        } catch {
            // The pass-through erased the error's type; `make` only throws composition errors.
            throw CompositionError.rethrown(error)
        }
    }

    /// Resolves dependency number `index` of `entry`, adding `entry` to the path of any failure.
    @inlinable
    func dependency<Value>(_ index: Int, of entry: Entry, as type: Value.Type) throws(CompositionError) -> Value {
        do {
            return try resolve(slot: entry.dependencySlots[index], as: Value.self)
        } catch {
            throw error.prepending(entry.step)
        }
    }

    /// Resolves dependency number `index` of `entry` and moves `index` to the next one.
    @inlinable
    @inline(__always)
    func dependency<Value>(_ index: inout Int, of entry: Entry, as type: Value.Type) throws(CompositionError) -> Value {
        let current = index
        index = current &+ 1
        return try dependency(current, of: entry, as: Value.self)
    }

    /// Creates the value of `slot` in the scope that owns its lifetime, and caches it there.
    @usableFromInline
    func create<Value>(slot: Int, as type: Value.Type) throws(CompositionError) -> Value {
        let entry = table.entries[slot]
        guard let owner = owner(for: entry.mode) else { throw unavailable(entry) }
        return try owner.make(slot: slot, entry: entry, as: Value.self)
    }

    /// Runs the factory of `slot` in this (owning) scope and caches the value.
    func make<Value>(slot: Int, entry: Entry, as type: Value.Type) throws(CompositionError) -> Value {
        // Safe because a non-failing slot's entry is a TypedEntry of its key's value type.
        let typed = unsafeDowncast(entry, to: TypedEntry<Value>.self)
        let value = try typed.make(self, entry)
        storage.store(Box(value), at: slot)
        owned.append(slot)
        return value
    }

    /// Why `key` cannot be resolved from this scope at all: the scope is closed, or nothing has
    /// the key.
    @usableFromInline
    @inline(never)
    func unresolvable(_ key: AnyDependencyKey) -> CompositionError {
        if isClosed { return .scopeClosed(key, scope: name, scopeLifetime: lifetime) }
        return .notRegistered(key, path: [ResolutionStep(key: key, lifetime: nil)])
    }

    /// The error of a slot that has no scope to live in here, or that validation marked failing.
    @usableFromInline
    @inline(never)
    func unresolvable(slot: Int) -> CompositionError {
        let entry = table.entries[slot]
        return entry.mode == .failing ? entry.failingError() : unavailable(entry)
    }

    /// The error for a value whose lifetime has no enclosing scope here.
    func unavailable(_ entry: Entry) -> CompositionError {
        .scopeUnavailable(entry.step, scope: name, scopeLifetime: lifetime, path: [entry.step])
    }
}
