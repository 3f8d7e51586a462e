import Lifecycle

extension ServiceScope {
    /// Resolves the service registered for the type `Value`, awaiting an async set-up if needed.
    ///
    /// ```swift
    /// scene.scope.task("open catalogue") {
    ///     let catalogue = try await services.resolve(Catalogue.self)
    ///     …
    /// }
    /// ```
    ///
    /// Synchronous registrations resolve as with the synchronous overload.
    ///
    /// - Throws: ``CompositionError``; a failed set-up caches nothing and the next resolution
    ///   retries it.
    @inlinable
    public func resolve<Value>(_ type: Value.Type) async throws(CompositionError) -> Value {
        try await resolve(DependencyKey(type))
    }

    /// Resolves the service registered under `key`, awaiting an async set-up if needed.
    ///
    /// - Throws: ``CompositionError``; a failed set-up caches nothing and the next resolution
    ///   retries it.
    @inlinable
    public func resolve<Value>(_ key: DependencyKey<Value>) async throws(CompositionError) -> Value {
        switch source(of: key.erased) {
        case .cached(let box): return (box as! Box<Value>).value
        case .transient(let slot), .uncached(let slot): return try await resolveAsync(slot: slot, as: Value.self)
        case .failure(let error): throw error
        }
    }

    /// The loading state of the async service under `key`, without starting anything: `loaded`
    /// once cached, `loading` while a set-up runs, `failed` after a failed one, else `idle`.
    public func loadState<Value>(of key: DependencyKey<Value>) -> LoadState<Value> {
        guard let slot = table.slots.slot(for: key.erased) else {
            return .failed(CompositionError.notRegistered(key.erased, path: [ResolutionStep(key: key.erased, lifetime: nil)]))
        }
        let entry = table.entries[slot]
        if entry.mode == .failing { return .failed(entry.failingError()) }
        guard let owner = owner(for: entry.mode) else { return entry.mode == .transient ? .idle : .failed(unavailable(entry)) }
        if let box = cells[slot]?.box { return .loaded((box as! Box<Value>).value) }
        if owner.loading[slot] != nil { return .loading }
        if let failure = owner.loadFailures[slot] { return .failed(failure) }
        return .idle
    }

    /// The loading state of the async service registered for the type `Value`.
    public func loadState<Value>(of type: Value.Type) -> LoadState<Value> {
        loadState(of: DependencyKey(type))
    }

    /// Starts loading the service under `key` in a task of `taskScope`, so that launch is not
    /// blocked; observe progress with `loadState(of:)` or await `resolve(_:)`. A failure is kept
    /// for `loadState(of:)`; the task ends with the scope.
    @discardableResult
    public func preload<Value>(_ key: DependencyKey<Value>, in taskScope: TaskScope) -> Task<Void, Never> {
        taskScope.task("load \(key)") { [weak self] in
            _ = try? await self?.resolve(key)
        }
    }

    @usableFromInline
    func resolveAsync<Value>(slot: Int, as type: Value.Type) async throws(CompositionError) -> Value {
        let entry = table.entries[slot]
        guard entry.isAsync else { return try resolve(slot: slot, as: Value.self) }
        switch entry.mode {
        case .failing:
            throw entry.failingError()
        case .transient:
            let typed = entry as! TypedEntry<Value>
            guard let makeAsync = typed.makeAsync else { return try typed.make(self, entry) }
            return try await makeAsync(self, entry)
        case .screen, .feature, .scene, .application:
            guard let owner = owner(for: entry.mode) else { throw unavailable(entry) }
            if let box = cells[slot]?.box { return (box as! Box<Value>).value }
            return try await owner.load(slot: slot, entry: entry, as: Value.self)
        }
    }

    /// Resolves dependency number `index` of an async registration, adding it to failure paths.
    @usableFromInline
    func asyncDependency<Value>(_ index: Int, of entry: Entry, as type: Value.Type) async throws(CompositionError) -> Value {
        do {
            return try await resolveAsync(slot: entry.dependencySlots[index], as: Value.self)
        } catch {
            throw error.prepending(entry.step)
        }
    }

    /// Runs the async set-up of `slot` in this (owning) scope, or waits for the one in flight.
    func load<Value>(slot: Int, entry: Entry, as type: Value.Type) async throws(CompositionError) -> Value {
        if let pending = loading[slot] {
            return (try await pending.wait().get() as! Box<Value>).value
        }
        let typed = entry as! TypedEntry<Value>
        guard let makeAsync = typed.makeAsync else { return try make(slot: slot, entry: entry, as: Value.self) }
        guard let cell = cells[slot] else { throw unavailable(entry) }
        let pending = PendingLoad(key: entry.step.key)
        loading[slot] = pending
        loadFailures[slot] = nil
        let value: Value
        do {
            value = try await makeAsync(self, entry)
        } catch {
            loading[slot] = nil
            loadFailures[slot] = error
            pending.finish(.failure(error))
            throw error
        }
        loading[slot] = nil
        guard !isClosed else {
            let closed = CompositionError.scopeClosed(entry.step.key, scope: name, scopeLifetime: lifetime)
            if !wasAbandoned { typed.teardown?(value) }
            pending.finish(.failure(closed))
            throw closed
        }
        let box = Box(value)
        cell.box = box
        owned.append(slot)
        pending.finish(.success(box))
        return value
    }
}
