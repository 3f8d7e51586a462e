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
    public func resolve<Value>(_ type: Value.Type) throws(CompositionError) -> Value {
        try resolve(DependencyKey(type))
    }

    /// Resolves the service registered under `key`.
    ///
    /// - Throws: ``CompositionError`` naming the key and the resolution path. Nothing new is cached
    ///   for the failing service; dependencies already created stay owned by their scopes.
    @inlinable
    public func resolve<Value>(_ key: DependencyKey<Value>) throws(CompositionError) -> Value {
        guard !isClosed else { throw .scopeClosed(key.erased, scope: name, scopeLifetime: lifetime) }
        guard let slot = table.slots.slot(for: key.erased) else {
            throw .notRegistered(key.erased, path: [ResolutionStep(key: key.erased, lifetime: nil)])
        }
        return try resolve(slot: slot, as: Value.self)
    }

    /// Resolves the value of `slot`, whose entry is a `TypedEntry<Value>` unless it fails.
    @inlinable
    func resolve<Value>(slot: Int, as type: Value.Type) throws(CompositionError) -> Value {
        let entry = table.entries[slot]
        switch entry.mode {
        case .transient:
            // Safe because a non-failing slot's entry is a TypedEntry of its key's value type.
            return try unsafeDowncast(entry, to: TypedEntry<Value>.self).make(self, entry)
        case .failing:
            throw entry.failingError()
        case .screen, .feature, .scene, .application:
            guard let owner = owner(for: entry.mode) else { throw unavailable(entry) }
            if let box = owner.storage[slot] {
                // Safe because a slot only ever caches a Box of its key's value type.
                return unsafeDowncast(box, to: Box<Value>.self).value
            }
            return try owner.create(slot: slot, entry: entry, as: Value.self)
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

    /// Creates and caches the value of `slot` in this (owning) scope.
    @usableFromInline
    func create<Value>(slot: Int, entry: Entry, as type: Value.Type) throws(CompositionError) -> Value {
        // Safe because a non-failing slot's entry is a TypedEntry of its key's value type.
        let typed = unsafeDowncast(entry, to: TypedEntry<Value>.self)
        let value = try typed.make(self, entry)
        storage[slot] = Box(value)
        owned.append(slot)
        return value
    }

    /// The error for a value whose lifetime has no enclosing scope here.
    @usableFromInline
    func unavailable(_ entry: Entry) -> CompositionError {
        .scopeUnavailable(entry.step, scope: name, scopeLifetime: lifetime, path: [entry.step])
    }
}
