extension Registry {
    /// Registers a service that needs async set-up (opening a database, reading a file), without
    /// blocking launch: nothing runs until the service is first resolved with `await`.
    ///
    /// ```swift
    /// registry.registerAsync(Catalogue.self, lifetime: .application) { (fs: any FileSystem) in
    ///     try await Catalogue.open(fileSystem: fs)
    /// }
    /// // later, in a task of the scene's TaskScope:
    /// let catalogue = try await scope.resolve(Catalogue.self)
    /// ```
    ///
    /// Concurrent resolutions share one set-up; a failure caches nothing and is retried by the next
    /// resolution. Once loaded, the value also resolves synchronously. A synchronous factory that
    /// depends on an async service is reported by validation. The parameters of `factory` are its
    /// dependencies, resolved (and awaited) by type.
    @inlinable
    public mutating func registerAsync<Value, each Dependency>(
        _ type: Value.Type,
        lifetime: Lifetime,
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ factory: @escaping @MainActor (repeat each Dependency) async throws -> Value
    ) {
        registerAsync(DependencyKey(type), lifetime: lifetime, teardown: teardown, fileID: fileID, line: line, factory)
    }

    /// Registers, under a typed key, a service created by an async factory. See
    /// `registerAsync(_:lifetime:teardown:fileID:line:_:)`.
    @inlinable
    public mutating func registerAsync<Value, each Dependency>(
        _ key: DependencyKey<Value>,
        lifetime: Lifetime,
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ factory: @escaping @MainActor (repeat each Dependency) async throws -> Value
    ) {
        var dependencies: [AnyDependencyKey] = []
        for type in repeat (each Dependency).self { dependencies.append(AnyDependencyKey(type: type, name: nil)) }
        append(key, lifetime: lifetime, dependencies: dependencies, kind: .asyncFactory, teardown: teardown,
               site: RegistrationSite(fileID: fileID, line: line),
               make: TypedEntry<Value>.awaitRequired(), makeAsync: TypedEntry<Value>.asyncMaker(factory))
    }

    /// Registers an async factory whose dependencies are the given keys, in order.
    @inlinable
    public mutating func registerAsync<Value, First, each Dependency>(
        _ type: Value.Type,
        lifetime: Lifetime,
        using first: DependencyKey<First>,
        _ rest: repeat DependencyKey<each Dependency>,
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        factory: @escaping @MainActor (First, repeat each Dependency) async throws -> Value
    ) {
        registerAsync(DependencyKey(type), lifetime: lifetime, using: first, repeat each rest,
                      teardown: teardown, fileID: fileID, line: line, factory: factory)
    }

    /// Registers, under a typed key, an async factory whose dependencies are the given keys.
    @inlinable
    public mutating func registerAsync<Value, First, each Dependency>(
        _ key: DependencyKey<Value>,
        lifetime: Lifetime,
        using first: DependencyKey<First>,
        _ rest: repeat DependencyKey<each Dependency>,
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        factory: @escaping @MainActor (First, repeat each Dependency) async throws -> Value
    ) {
        var dependencies = [first.erased]
        for dependency in repeat each rest { dependencies.append(dependency.erased) }
        append(key, lifetime: lifetime, dependencies: dependencies, kind: .asyncFactory, teardown: teardown,
               site: RegistrationSite(fileID: fileID, line: line),
               make: TypedEntry<Value>.awaitRequired(), makeAsync: TypedEntry<Value>.asyncMaker(factory))
    }
}
