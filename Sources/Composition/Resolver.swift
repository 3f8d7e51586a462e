/// What a `dependencies:`-style factory resolves its declared dependencies with.
///
/// ```swift
/// registry.register((any BookService).self, lifetime: .application,
///                   dependencies: [AnyDependencyKey((any NetworkClient).self)]) { resolver in
///     RemoteBookService(client: try resolver.resolve((any NetworkClient).self))
/// }
/// ```
///
/// It resolves only the keys of the registration's `dependencies:` list, so validation sees every
/// edge of the graph; asking for anything else throws ``CompositionError/undeclaredDependency(_:of:)``.
/// Valid only during the factory call: do not keep it (that would turn the factory into a service
/// locator). A value handed to the factory by the scope that creates the service; lives on the
/// main actor.
@MainActor
public struct Resolver {
    @usableFromInline let scope: ServiceScope
    @usableFromInline let entry: Entry

    @usableFromInline
    init(scope: ServiceScope, entry: Entry) {
        self.scope = scope
        self.entry = entry
    }

    /// Resolves the declared dependency of type `Value`.
    ///
    /// - Throws: ``CompositionError``; nothing new is cached for the failing service.
    @inlinable
    public func resolve<Value>(_ type: Value.Type) throws(CompositionError) -> Value {
        try resolve(DependencyKey(type))
    }

    /// Resolves the declared dependency `key`.
    ///
    /// - Throws: ``CompositionError``; nothing new is cached for the failing service.
    @inlinable
    public func resolve<Value>(_ key: DependencyKey<Value>) throws(CompositionError) -> Value {
        guard let index = entry.declaredIndex(of: key.erased) else {
            throw .undeclaredDependency(key.erased, of: entry.step)
        }
        return try scope.dependency(index, of: entry, as: Value.self)
    }
}

extension Entry {
    /// The position of `key` in the registration's declared dependencies.
    @usableFromInline
    func declaredIndex(of key: AnyDependencyKey) -> Int? {
        record?.dependencies.firstIndex(of: key)
    }
}

extension Registry {
    /// Registers a factory that resolves the declared `dependencies` through a ``Resolver``.
    ///
    /// Prefer the form whose factory parameters are the dependencies; use this one when a factory
    /// picks among dependencies at run time. Every key it may resolve must be in the list.
    @inlinable
    public mutating func register<Value>(
        _ type: Value.Type,
        lifetime: Lifetime,
        dependencies: [AnyDependencyKey],
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        factory: @escaping @MainActor (Resolver) throws -> Value
    ) {
        register(DependencyKey(type), lifetime: lifetime, dependencies: dependencies, teardown: teardown,
                 fileID: fileID, line: line, factory: factory)
    }

    /// Registers, under a typed key, a factory that resolves the declared `dependencies` through a
    /// ``Resolver``.
    @inlinable
    public mutating func register<Value>(
        _ key: DependencyKey<Value>,
        lifetime: Lifetime,
        dependencies: [AnyDependencyKey],
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        factory: @escaping @MainActor (Resolver) throws -> Value
    ) {
        append(key, lifetime: lifetime, dependencies: dependencies, kind: .factory, teardown: teardown,
               site: RegistrationSite(fileID: fileID, line: line),
               make: { scope, entry throws(CompositionError) in
                   do {
                       return try factory(Resolver(scope: scope, entry: entry))
                   } catch let error as CompositionError {
                       throw error
                   } catch {
                       throw .factoryFailed(entry.step, underlying: error, path: [entry.step])
                   }
               },
               makeAsync: nil)
    }
}
