// Fixed-arity forms of `register`, for factories of one to four dependencies.
//
// They behave exactly like the parameter-pack forms in Registry.swift, and overload resolution
// prefers them. They exist for speed: code inside a pack expansion is not specialized per
// element, so each dependency of a pack factory is resolved through generic code; here every
// dependency is resolved by code specialized for its type.

extension Registry {
    /// Registers a factory of 1 dependency, each resolved by its type. Same as the
    /// parameter-pack form, specialized for speed.
    @inlinable
    public mutating func register<Value, D1>(
        _ type: Value.Type,
        lifetime: Lifetime,
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ factory: @escaping @MainActor (D1) throws -> Value
    ) {
        register(DependencyKey(type), lifetime: lifetime, teardown: teardown, fileID: fileID, line: line, factory)
    }

    /// Registers under a typed key a factory of 1 dependency, each resolved by its
    /// type. Same as the parameter-pack form, specialized for speed.
    @inlinable
    public mutating func register<Value, D1>(
        _ key: DependencyKey<Value>,
        lifetime: Lifetime,
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ factory: @escaping @MainActor (D1) throws -> Value
    ) {
        append(key, lifetime: lifetime, dependencies: [AnyDependencyKey(type: D1.self, name: nil)], kind: .factory, teardown: teardown,
               site: RegistrationSite(fileID: fileID, line: line),
               make: TypedEntry<Value>.maker1(factory), makeAsync: nil)
    }

    /// Registers a factory of 2 dependencies, each resolved by its type. Same as the
    /// parameter-pack form, specialized for speed.
    @inlinable
    public mutating func register<Value, D1, D2>(
        _ type: Value.Type,
        lifetime: Lifetime,
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ factory: @escaping @MainActor (D1, D2) throws -> Value
    ) {
        register(DependencyKey(type), lifetime: lifetime, teardown: teardown, fileID: fileID, line: line, factory)
    }

    /// Registers under a typed key a factory of 2 dependencies, each resolved by its
    /// type. Same as the parameter-pack form, specialized for speed.
    @inlinable
    public mutating func register<Value, D1, D2>(
        _ key: DependencyKey<Value>,
        lifetime: Lifetime,
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ factory: @escaping @MainActor (D1, D2) throws -> Value
    ) {
        append(key, lifetime: lifetime, dependencies: [AnyDependencyKey(type: D1.self, name: nil), AnyDependencyKey(type: D2.self, name: nil)], kind: .factory, teardown: teardown,
               site: RegistrationSite(fileID: fileID, line: line),
               make: TypedEntry<Value>.maker2(factory), makeAsync: nil)
    }

    /// Registers a factory of 3 dependencies, each resolved by its type. Same as the
    /// parameter-pack form, specialized for speed.
    @inlinable
    public mutating func register<Value, D1, D2, D3>(
        _ type: Value.Type,
        lifetime: Lifetime,
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ factory: @escaping @MainActor (D1, D2, D3) throws -> Value
    ) {
        register(DependencyKey(type), lifetime: lifetime, teardown: teardown, fileID: fileID, line: line, factory)
    }

    /// Registers under a typed key a factory of 3 dependencies, each resolved by its
    /// type. Same as the parameter-pack form, specialized for speed.
    @inlinable
    public mutating func register<Value, D1, D2, D3>(
        _ key: DependencyKey<Value>,
        lifetime: Lifetime,
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ factory: @escaping @MainActor (D1, D2, D3) throws -> Value
    ) {
        append(key, lifetime: lifetime, dependencies: [AnyDependencyKey(type: D1.self, name: nil), AnyDependencyKey(type: D2.self, name: nil), AnyDependencyKey(type: D3.self, name: nil)], kind: .factory, teardown: teardown,
               site: RegistrationSite(fileID: fileID, line: line),
               make: TypedEntry<Value>.maker3(factory), makeAsync: nil)
    }

    /// Registers a factory of 4 dependencies, each resolved by its type. Same as the
    /// parameter-pack form, specialized for speed.
    @inlinable
    public mutating func register<Value, D1, D2, D3, D4>(
        _ type: Value.Type,
        lifetime: Lifetime,
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ factory: @escaping @MainActor (D1, D2, D3, D4) throws -> Value
    ) {
        register(DependencyKey(type), lifetime: lifetime, teardown: teardown, fileID: fileID, line: line, factory)
    }

    /// Registers under a typed key a factory of 4 dependencies, each resolved by its
    /// type. Same as the parameter-pack form, specialized for speed.
    @inlinable
    public mutating func register<Value, D1, D2, D3, D4>(
        _ key: DependencyKey<Value>,
        lifetime: Lifetime,
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ factory: @escaping @MainActor (D1, D2, D3, D4) throws -> Value
    ) {
        append(key, lifetime: lifetime, dependencies: [AnyDependencyKey(type: D1.self, name: nil), AnyDependencyKey(type: D2.self, name: nil), AnyDependencyKey(type: D3.self, name: nil), AnyDependencyKey(type: D4.self, name: nil)], kind: .factory, teardown: teardown,
               site: RegistrationSite(fileID: fileID, line: line),
               make: TypedEntry<Value>.maker4(factory), makeAsync: nil)
    }

}

extension TypedEntry {
    /// Wraps a factory of 1 dependency: resolves them in order, then calls it.
    @inlinable
    static func maker1<D1>(
        _ factory: @escaping @MainActor (D1) throws -> Value
    ) -> @MainActor (ServiceScope, Entry) throws(CompositionError) -> Value {
        { scope, entry throws(CompositionError) in
            let d1 = try scope.dependency(0, of: entry, as: D1.self)
            do {
                return try factory(d1)
            } catch let error as CompositionError {
                throw error
            } catch {
                throw .factoryFailed(entry.step, underlying: error, path: [entry.step])
            }
        }
    }

    /// Wraps a factory of 2 dependencies: resolves them in order, then calls it.
    @inlinable
    static func maker2<D1, D2>(
        _ factory: @escaping @MainActor (D1, D2) throws -> Value
    ) -> @MainActor (ServiceScope, Entry) throws(CompositionError) -> Value {
        { scope, entry throws(CompositionError) in
            let d1 = try scope.dependency(0, of: entry, as: D1.self)
            let d2 = try scope.dependency(1, of: entry, as: D2.self)
            do {
                return try factory(d1, d2)
            } catch let error as CompositionError {
                throw error
            } catch {
                throw .factoryFailed(entry.step, underlying: error, path: [entry.step])
            }
        }
    }

    /// Wraps a factory of 3 dependencies: resolves them in order, then calls it.
    @inlinable
    static func maker3<D1, D2, D3>(
        _ factory: @escaping @MainActor (D1, D2, D3) throws -> Value
    ) -> @MainActor (ServiceScope, Entry) throws(CompositionError) -> Value {
        { scope, entry throws(CompositionError) in
            let d1 = try scope.dependency(0, of: entry, as: D1.self)
            let d2 = try scope.dependency(1, of: entry, as: D2.self)
            let d3 = try scope.dependency(2, of: entry, as: D3.self)
            do {
                return try factory(d1, d2, d3)
            } catch let error as CompositionError {
                throw error
            } catch {
                throw .factoryFailed(entry.step, underlying: error, path: [entry.step])
            }
        }
    }

    /// Wraps a factory of 4 dependencies: resolves them in order, then calls it.
    @inlinable
    static func maker4<D1, D2, D3, D4>(
        _ factory: @escaping @MainActor (D1, D2, D3, D4) throws -> Value
    ) -> @MainActor (ServiceScope, Entry) throws(CompositionError) -> Value {
        { scope, entry throws(CompositionError) in
            let d1 = try scope.dependency(0, of: entry, as: D1.self)
            let d2 = try scope.dependency(1, of: entry, as: D2.self)
            let d3 = try scope.dependency(2, of: entry, as: D3.self)
            let d4 = try scope.dependency(3, of: entry, as: D4.self)
            do {
                return try factory(d1, d2, d3, d4)
            } catch let error as CompositionError {
                throw error
            } catch {
                throw .factoryFailed(entry.step, underlying: error, path: [entry.step])
            }
        }
    }

}
