extension TypedEntry {
    /// Wraps a factory whose parameters are dependencies: resolves each declared dependency, in
    /// order, from the scope that creates the value, then calls the factory.
    @inlinable
    static func maker<each Dependency>(
        _ factory: @escaping @MainActor (repeat each Dependency) throws -> Value
    ) -> @MainActor (ServiceScope, Entry) throws(CompositionError) -> Value {
        { scope, entry throws(CompositionError) in
            var index = 0
            do {
                return try factory(repeat try scope.dependency(&index, of: entry, as: (each Dependency).self))
            } catch let error as CompositionError {
                throw error
            } catch {
                throw .factoryFailed(entry.step, underlying: error, path: [entry.step])
            }
        }
    }

    /// Wraps an async factory whose parameters are dependencies; each is awaited in order.
    @inlinable
    static func asyncMaker<each Dependency>(
        _ factory: @escaping @MainActor (repeat each Dependency) async throws -> Value
    ) -> @MainActor (ServiceScope, Entry) async throws(CompositionError) -> Value {
        { scope, entry async throws(CompositionError) in
            var index = 0
            @MainActor func next<D>(_: D.Type) async throws(CompositionError) -> D {
                defer { index += 1 }
                return try await scope.asyncDependency(index, of: entry, as: D.self)
            }
            let arguments = (repeat try await next((each Dependency).self))
            do {
                return try await factory(repeat each arguments)
            } catch let error as CompositionError {
                throw error
            } catch {
                throw .factoryFailed(entry.step, underlying: error, path: [entry.step])
            }
        }
    }

    /// The synchronous factory of an async registration: it can only report that it must be awaited.
    @inlinable
    static func awaitRequired() -> @MainActor (ServiceScope, Entry) throws(CompositionError) -> Value {
        { _, entry throws(CompositionError) in throw .requiresAwait(entry.step, path: [entry.step]) }
    }
}
