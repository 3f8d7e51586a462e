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
        try resolve(source(of: key.erased), as: Value.self)
    }

    /// Resolves the value of `slot`, whose entry is a `TypedEntry<Value>` unless it fails. A
    /// transient's factory is called at once; other slots go through `source(of:)`.
    @inlinable
    @inline(__always)
    func resolve<Value>(slot: Int, as type: Value.Type) throws(CompositionError) -> Value {
        guard table.transients[slot] else { return try resolve(source(of: slot), as: Value.self) }
        return try makeTransient(slot: slot, as: Value.self)
    }

    /// Creates a new value of the transient `slot`.
    @inlinable
    @inline(__always)
    func makeTransient<Value>(slot: Int, as type: Value.Type) throws(CompositionError) -> Value {
        let entry = table.entries[slot]
        return try (entry as! TypedEntry<Value>).make(self, entry)
    }

    /// Obtains the value `source` points to. Only reading the value back and calling a
    /// transient's factory happen here, specialized for `Value`; where the value is found is
    /// decided by `source(of:)`.
    @inlinable
    @inline(__always)
    func resolve<Value>(_ source: SlotSource, as type: Value.Type) throws(CompositionError) -> Value {
        switch source {
        case .cached(let box):
            return (box as! Box<Value>).value
        case .transient(let slot):
            return try makeTransient(slot: slot, as: Value.self)
        case .uncached(let slot):
            return try create(slot: slot, as: Value.self)
        case .failure(let error):
            throw error
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

    /// Where a resolution from this scope finds the value of a slot.
    @usableFromInline
    enum SlotSource {
        /// Cached (or provided): the `Box` holding the value.
        case cached(AnyObject)
        /// A transient: created anew by every resolution.
        case transient(slot: Int)
        /// Not created yet; the scope that owns its lifetime creates and caches it.
        case uncached(slot: Int)
        /// Not obtainable from this scope.
        case failure(CompositionError)
    }

    /// Where a resolution of `key` from this scope finds its value; a closed scope resolves
    /// nothing.
    @usableFromInline
    func source(of key: AnyDependencyKey) -> SlotSource {
        guard !closed, let slot = table.slots.slot(for: key) else { return .failure(unresolvable(key)) }
        return slotSource(of: slot)
    }

    /// Where a resolution of `slot` from this scope finds its value: the cell of the nearest scope
    /// of the slot's lifetime, a transient's factory, or an error.
    @usableFromInline
    func source(of slot: Int) -> SlotSource {
        slotSource(of: slot)
    }

    /// The body of both `source(of:)`, compiled into each.
    @inline(__always)
    private func slotSource(of slot: Int) -> SlotSource {
        if let cell = cells[slot] {
            guard let box = cell.box else { return .uncached(slot: slot) }
            return .cached(box)
        }
        if table.transients[slot] { return .transient(slot: slot) }
        return .failure(unresolvable(slot: slot))
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
        guard let cell = cells[slot] else { throw unavailable(entry) }
        let value = try (entry as! TypedEntry<Value>).make(self, entry)
        cell.box = Box(value)
        owned.append(slot)
        return value
    }

    /// Why `key` cannot be resolved from this scope at all: the scope is closed, or nothing has
    /// the key.
    @inline(never)
    func unresolvable(_ key: AnyDependencyKey) -> CompositionError {
        if isClosed { return .scopeClosed(key, scope: name, scopeLifetime: lifetime) }
        return .notRegistered(key, path: [ResolutionStep(key: key, lifetime: nil)])
    }

    /// The error of a slot that validation marked failing, or that has no scope to live in here.
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
