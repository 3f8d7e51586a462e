extension Registry {
    /// A copy without the registrations of `type`: lets tests reproduce a forgotten registration.
    package func removing<Value>(_ type: Value.Type) -> Registry {
        var copy = self
        copy.records.removeAll { $0.key == AnyDependencyKey(type) }
        return copy
    }
}
