extension Registry {
    /// Declares a value that the code opening each scope of `lifetime` supplies, such as the
    /// scene being connected or the record a screen shows.
    ///
    /// ```swift
    /// registry.provided(BookID.self, by: .screen)
    /// registry.register(BookRecordViewModel.self, lifetime: .screen, BookRecordViewModel.init(id:catalogue:))
    /// let screen = try scene.openScreen(named: "BookRecord", providing: ProvidedValues().with(BookID.self, id))
    /// ```
    ///
    /// Validation treats it as registered with that lifetime; resolving it in a scope opened
    /// without it throws ``CompositionError/notProvided(_:scope:scopeLifetime:path:)``. The
    /// ``LifecycleBinding`` supplies `LifecycleScene` to every scene scope and `LifecycleRuntime` to
    /// the application scope; those two need no declaration. The container does not own provided
    /// values: no teardown runs for them.
    @inlinable
    public mutating func provided<Value>(_ type: Value.Type, by lifetime: Lifetime, fileID: String = #fileID, line: Int = #line) {
        provided(DependencyKey(type), by: lifetime, fileID: fileID, line: line)
    }

    /// Declares a value under a typed key that the code opening each scope of `lifetime` supplies.
    @inlinable
    public mutating func provided<Value>(_ key: DependencyKey<Value>, by lifetime: Lifetime, fileID: String = #fileID, line: Int = #line) {
        append(key, lifetime: lifetime, dependencies: [], kind: .provided, teardown: nil,
               site: RegistrationSite(fileID: fileID, line: line),
               make: { scope, entry throws(CompositionError) in
                   throw .notProvided(entry.step, scope: scope.name, scopeLifetime: scope.lifetime, path: [entry.step])
               },
               makeAsync: nil)
    }
}
