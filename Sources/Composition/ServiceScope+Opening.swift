extension ServiceScope {
    /// Opens a child scope of `lifetime`, which must be shorter than this scope's.
    ///
    /// ```swift
    /// let screen = try scene.openScope(.screen, named: "BookRecord",
    ///                                  providing: ProvidedValues().with(BookID.self, id))
    /// ```
    ///
    /// - Parameters:
    ///   - lifetime: The lifetime of the new scope: shorter than this scope's.
    ///   - name: The new scope's name in reports and logs.
    ///   - overrides: Registrations that replace the production ones for resolutions made in the
    ///     new scope and its descendants (tests, previews). An override longer-lived than the new
    ///     scope is cached by it; services owned by enclosing scopes are unaffected, since they
    ///     are shared beyond this scope. Problems of the overridden graph are in ``problems``.
    ///   - values: Values for keys declared with `provided(_:by:)` at this lifetime.
    /// - Throws: ``CompositionError`` when this scope is closed, the nesting is invalid or a value
    ///   is supplied for an undeclared key; no scope was opened then.
    public func openScope(
        _ lifetime: Lifetime,
        named name: String,
        overrides: Registry? = nil,
        providing values: ProvidedValues = ProvidedValues()
    ) throws(CompositionError) -> ServiceScope {
        guard !isClosed else { throw .scopeClosed(nil, scope: self.name, scopeLifetime: self.lifetime) }
        guard lifetime.isScope, lifetime < self.lifetime else {
            throw .invalidNesting(child: lifetime, parent: self.name, parentLifetime: self.lifetime)
        }
        var table = self.table
        if let overrides, !overrides.records.isEmpty {
            table = EntryTable.derived(from: table, overrides: overrides.records, level: lifetime)
        }
        try Self.checkProvided(values, table: table, lifetime: lifetime, name: name)
        let child = ServiceScope(lifetime: lifetime, name: name, parent: self, table: table, provided: values)
        children.append(child)
        return child
    }

    /// Opens a scene scope: one per connected scene. ``LifecycleBinding`` does this on connection.
    public func openScene(
        named name: String, overrides: Registry? = nil, providing values: ProvidedValues = ProvidedValues()
    ) throws(CompositionError) -> ServiceScope {
        try openScope(.scene, named: name, overrides: overrides, providing: values)
    }

    /// Opens a feature scope: the services of one functional area (a sign-in flow, the basket).
    public func openFeature(
        named name: String, overrides: Registry? = nil, providing values: ProvidedValues = ProvidedValues()
    ) throws(CompositionError) -> ServiceScope {
        try openScope(.feature, named: name, overrides: overrides, providing: values)
    }

    /// Opens a screen scope: the short-lived models of one screen. Close it when the screen goes.
    public func openScreen(
        named name: String, overrides: Registry? = nil, providing values: ProvidedValues = ProvidedValues()
    ) throws(CompositionError) -> ServiceScope {
        try openScope(.screen, named: name, overrides: overrides, providing: values)
    }

    static func checkProvided(
        _ values: ProvidedValues, table: EntryTable, lifetime: Lifetime, name: String
    ) throws(CompositionError) {
        for item in values.items {
            guard let slot = table.slots.slot(for: item.key), let record = table.entries[slot].record,
                record.kind == .provided, table.entries[slot].lifetime == lifetime
            else { throw .undeclaredProvidedValue(item.key, scope: name, scopeLifetime: lifetime) }
        }
    }
}
