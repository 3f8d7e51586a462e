/// The registrations of a composition root: for each key, a lifetime and a factory that calls an
/// initializer with the dependencies it declares.
///
/// ```swift
/// var registry = Registry()
/// registry.register((any NetworkClient).self, lifetime: .application) { URLSessionClient() }
/// registry.register((any BookService).self, lifetime: .application, RemoteBookService.init(client:))
/// registry.register(SceneSelection.self, lifetime: .scene) { SceneSelection() }
/// registry.register(LibraryViewModel.self, lifetime: .screen) { (books: any BookService, selection: SceneSelection) in
///     LibraryViewModel(service: books, selection: selection)
/// }
/// let root = CompositionRoot(registry)
/// try root.validate()          // missing registrations, cycles, captive dependencies
/// ```
///
/// **Dependencies are declared, not discovered.** Each parameter of a factory is one dependency,
/// resolved by its type (or, with `using:`, by the given keys) before the factory runs. Validation
/// and the ownership report read these declarations; they never call a factory, so nothing is
/// created and nothing has side effects until a scope resolves it. The `dependencies:` form hands
/// the factory a ``Resolver`` that only resolves what the list declares.
///
/// A value type: copy it to build test or preview variants without touching the production
/// registrations, and build a fresh ``CompositionRoot`` (or scope graph) from it as often as
/// needed. Registering a key twice is reported by validation (the last registration is used);
/// replace registrations with overrides instead. Lives on the main actor.
@MainActor
public struct Registry {
    @usableFromInline var records: [RegistrationRecord] = []

    /// An empty registry.
    public init() {}

    /// Keys registered so far, in registration order (duplicates included).
    public var registeredKeys: [AnyDependencyKey] { records.map(\.key) }

    /// Registers a factory whose parameters are its dependencies, each resolved by its type.
    ///
    /// ```swift
    /// registry.register((any BookService).self, lifetime: .application, RemoteBookService.init(client:))
    /// ```
    ///
    /// - Parameters:
    ///   - type: The key's type; `(any P).self` for a protocol.
    ///   - lifetime: Which scope caches and releases the value.
    ///   - teardown: Runs when the owning scope releases the value (not for transients).
    ///   - factory: Calls an initializer with the resolved dependencies.
    ///   - fileID: Where the registration is made, for reports (defaults to the caller's file).
    ///   - line: The line of the registration, for reports (defaults to the caller's line).
    @inlinable
    public mutating func register<Value, each Dependency>(
        _ type: Value.Type,
        lifetime: Lifetime,
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ factory: @escaping @MainActor (repeat each Dependency) throws -> Value
    ) {
        register(DependencyKey(type), lifetime: lifetime, teardown: teardown, fileID: fileID, line: line, factory)
    }

    /// Registers a factory under a typed key; its parameters are its dependencies, resolved by type.
    @inlinable
    public mutating func register<Value, each Dependency>(
        _ key: DependencyKey<Value>,
        lifetime: Lifetime,
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ factory: @escaping @MainActor (repeat each Dependency) throws -> Value
    ) {
        var dependencies: [AnyDependencyKey] = []
        for type in repeat (each Dependency).self { dependencies.append(AnyDependencyKey(type: type, name: nil)) }
        append(key, lifetime: lifetime, dependencies: dependencies, kind: .factory, teardown: teardown,
               site: RegistrationSite(fileID: fileID, line: line),
               make: TypedEntry<Value>.maker(factory), makeAsync: nil)
    }

    /// Registers a factory whose dependencies are the given keys, in order.
    ///
    /// ```swift
    /// registry.register(NotesStore.self, lifetime: .application, using: .notes, DependencyKey(LifelineClock.self)) {
    ///     database, clock in NotesStore(database: database, clock: clock)
    /// }
    /// ```
    @inlinable
    public mutating func register<Value, First, each Dependency>(
        _ type: Value.Type,
        lifetime: Lifetime,
        using first: DependencyKey<First>,
        _ rest: repeat DependencyKey<each Dependency>,
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        factory: @escaping @MainActor (First, repeat each Dependency) throws -> Value
    ) {
        register(DependencyKey(type), lifetime: lifetime, using: first, repeat each rest,
                 teardown: teardown, fileID: fileID, line: line, factory: factory)
    }

    /// Registers a factory under a typed key, with the given keys as its dependencies, in order.
    @inlinable
    public mutating func register<Value, First, each Dependency>(
        _ key: DependencyKey<Value>,
        lifetime: Lifetime,
        using first: DependencyKey<First>,
        _ rest: repeat DependencyKey<each Dependency>,
        teardown: (@MainActor (Value) -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        factory: @escaping @MainActor (First, repeat each Dependency) throws -> Value
    ) {
        var dependencies = [first.erased]
        for dependency in repeat each rest { dependencies.append(dependency.erased) }
        append(key, lifetime: lifetime, dependencies: dependencies, kind: .factory, teardown: teardown,
               site: RegistrationSite(fileID: fileID, line: line),
               make: TypedEntry<Value>.maker(factory), makeAsync: nil)
    }

    /// Registers a fixed value created outside the container, shared by the whole application (or
    /// by the scope an override installs it in). No teardown runs for it.
    ///
    /// ```swift
    /// overrides.register((any BookService).self, value: FakeBookService(books: [.dune]))
    /// ```
    @inlinable
    public mutating func register<Value>(_ type: Value.Type, value: Value, fileID: String = #fileID, line: Int = #line) {
        register(DependencyKey(type), value: value, fileID: fileID, line: line)
    }

    /// Registers a fixed value under a typed key; no teardown runs for it.
    @inlinable
    public mutating func register<Value>(_ key: DependencyKey<Value>, value: Value, fileID: String = #fileID, line: Int = #line) {
        append(key, lifetime: .application, dependencies: [], kind: .value, teardown: nil,
               site: RegistrationSite(fileID: fileID, line: line),
               make: { _, _ in value }, makeAsync: nil)
    }

    @usableFromInline
    mutating func append<Value>(
        _ key: DependencyKey<Value>,
        lifetime: Lifetime,
        dependencies: [AnyDependencyKey],
        kind: RegistrationRecord.Kind,
        teardown: (@MainActor (Value) -> Void)?,
        site: RegistrationSite,
        make: @escaping @MainActor (ServiceScope, Entry) throws(CompositionError) -> Value,
        makeAsync: (@MainActor (ServiceScope, Entry) async throws(CompositionError) -> Value)?
    ) {
        records.append(RegistrationRecord(
            key: key.erased, lifetime: lifetime, dependencies: dependencies, kind: kind, site: site,
            hasTeardown: teardown != nil,
            makeEntry: { seed in TypedEntry<Value>(seed: seed, make: make, makeAsync: makeAsync, teardown: teardown) }
        ))
    }
}
