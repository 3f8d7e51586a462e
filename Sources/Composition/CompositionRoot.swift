import Lifecycle

/// The composition root: the one place that decides which implementation is used for each key
/// and how long it lives. It freezes a ``Registry`` (immutable from then on), validates the graph,
/// reports ownership, and builds fresh scope graphs from the same registrations as often as needed.
///
/// ```swift
/// let root = CompositionRoot(AppComposition.registry(configuration))
/// try root.validate()                                   // also in one test
/// let binding = try root.bind(to: runtime) { scene, services in
///     WindowController(scene: scene, model: try services.resolve(LibraryViewModel.self))
/// }
/// ```
///
/// The root holds no service: every instance lives in a ``ServiceScope``. Building a new
/// application scope (one per process incarnation, as the simulator does after each relaunch)
/// starts from nothing and never shares an instance with an earlier graph.
///
/// Created once by the app (or a test); immutable; lives on the main actor.
@MainActor
public final class CompositionRoot {
    /// The registrations the root was built from (a copy; changing it changes nothing here).
    public let registry: Registry
    @usableFromInline let table: EntryTable

    /// Freezes `registry`. Never fails: problems are reported by ``validate()`` and by the
    /// resolutions they affect.
    public init(_ registry: Registry) {
        self.registry = registry
        table = EntryTable.root(records: registry.records, implicit: Self.implicitRecords())
    }

    /// Every problem of the graph, in a stable order; empty when it is valid.
    public var problems: [GraphProblem] { table.problems }

    /// Checks the whole graph without creating anything: missing registrations, cycles, captive
    /// dependencies (a longer-lived service holding a shorter-lived one), synchronous factories of
    /// async dependencies, duplicate registrations. Call it before the first frame (``bind(to:validate:sceneDelegate:)``
    /// does) and in one test.
    ///
    /// - Throws: ``CompositionValidationError`` listing every problem with its path and
    ///   lifetimes; nothing was created.
    public func validate() throws(CompositionValidationError) {
        guard problems.isEmpty else { throw CompositionValidationError(problems: problems) }
    }

    /// A root whose registrations are this one's with `overrides` replacing the registrations of
    /// the same keys (and adding new ones): for tests and previews at application level. This root
    /// and its registry are unchanged.
    ///
    /// ```swift
    /// var fakes = Registry()
    /// fakes.register((any BookService).self, value: FakeBookService())
    /// let testRoot = root.overriding(fakes)
    /// ```
    public func overriding(_ overrides: Registry) -> CompositionRoot {
        let replaced = Dictionary(overrides.records.map { ($0.key, $0) }, uniquingKeysWith: { $1 })
        var merged = Registry()
        var placed: Set<AnyDependencyKey> = []
        for record in registry.records {
            if let replacement = replaced[record.key] {
                if placed.insert(record.key).inserted { merged.records.append(replacement) }
            } else {
                merged.records.append(record)
            }
        }
        for record in overrides.records where placed.insert(record.key).inserted {
            merged.records.append(replaced[record.key] ?? record)
        }
        return CompositionRoot(merged)
    }

    /// Builds a fresh application scope: no instance is shared with any earlier scope graph.
    ///
    /// - Parameters:
    ///   - name: The scope's name in reports and logs.
    ///   - overrides: Registrations replacing production ones for this graph (see ``overriding(_:)``).
    ///   - values: Values for keys declared with `provided(_:by: .application)`.
    /// - Throws: ``CompositionError/undeclaredProvidedValue(_:scope:scopeLifetime:)`` for a value
    ///   supplied for an undeclared key; nothing was created.
    public func makeApplicationScope(
        named name: String = "application",
        overrides: Registry? = nil,
        providing values: ProvidedValues = ProvidedValues()
    ) throws(CompositionError) -> ServiceScope {
        let table = overrides.map { overriding($0).table } ?? self.table
        try ServiceScope.checkProvided(values, table: table, lifetime: .application, name: name)
        return ServiceScope(lifetime: .application, name: name, parent: nil, table: table, provided: values)
    }

    /// `LifecycleScene` (scene) and `LifecycleRuntime` (application): supplied by
    /// ``LifecycleBinding`` and declared automatically when a registration depends on them.
    private static func implicitRecords() -> [RegistrationRecord] {
        var registry = Registry()
        registry.provided(LifecycleScene.self, by: .scene, fileID: "Composition/LifecycleBinding.swift", line: 0)
        registry.provided(LifecycleRuntime.self, by: .application, fileID: "Composition/LifecycleBinding.swift", line: 0)
        return registry.records
    }
}
