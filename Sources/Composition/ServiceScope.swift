/// A container of services for one scope: the application, one scene, one feature or one screen.
/// It creates each service of its lifetime on first resolution, caches it, and releases everything
/// it owns, newest first, when it closes.
///
/// ```swift
/// let app = try root.makeApplicationScope()
/// let scene = try app.openScene(named: "scene 1")
/// let screen = try scene.openScreen(named: "Library")
/// let model = try screen.resolve(LibraryViewModel.self)
/// screen.close()                // releases the screen's services, then scene.close(), …
/// ```
///
/// **Where a value lives.** Resolving a key from a scope finds the nearest enclosing scope of the
/// key's lifetime (the scope itself or an ancestor) and caches the value there; its dependencies
/// are resolved from that same scope, so an application service never sees one scene's values.
/// A transient value is created on every resolution, from the resolving scope, and retained only
/// by whoever resolved it.
///
/// **Opening and closing.** A child scope is shorter-lived than its parent (application → scene
/// → feature → screen; levels may be skipped). Closing a scope closes its children first, newest
/// first, then calls each owned value's teardown and releases it, in reverse order of creation.
/// With ``LifecycleBinding`` the lifecycle runtime opens and closes application and scene scopes;
/// features and screens are opened and closed by the app's navigation.
///
/// **Cost.** The registry is frozen: a resolution is a slot lookup and, for a cached value, one
/// array read; no lock and no dictionary of strings.
///
/// Created by ``CompositionRoot/makeApplicationScope(named:overrides:providing:)`` or by a
/// parent's `open…` methods; a parent retains its open children. Lives on the main actor.
@MainActor
public final class ServiceScope {
    /// The scope's lifetime: `application`, `scene`, `feature` or `screen`.
    public let lifetime: Lifetime
    /// A name for messages and reports, such as `application`, `scene 2F3A` or `screen BookRecord`.
    public let name: String
    /// The enclosing scope, retained while this one lives; `nil` for the application scope.
    public let parent: ServiceScope?
    /// True once ``close()`` or ``abandon()`` was called; a closed scope resolves nothing.
    public var isClosed: Bool { closed }

    @usableFromInline let table: EntryTable
    /// Where resolutions made from this scope find cached values, by slot: this scope's own cell
    /// for each slot of its lifetime, the nearest ancestor's for a slot of a longer lifetime, `nil`
    /// for transients, failing slots and lifetimes with no scope here.
    let cells: ContiguousArray<SlotCell?>
    /// The storage behind ``isClosed``.
    private(set) var closed = false
    /// The nearest enclosing scope of each longer lifetime, `nil` where there is none: where
    /// resolutions made here find values of that lifetime. Ancestors, retained like ``parent``.
    let applicationScope: ServiceScope?
    let sceneScope: ServiceScope?
    let featureScope: ServiceScope?

    /// Open child scopes, oldest first; a child removes itself when it closes.
    var children: [ServiceScope] = []
    /// Slots holding a value this scope owns, in order of creation (provided values first).
    var owned: [Int] = []
    /// Async set-ups in flight, by slot; concurrent resolutions wait on the same one.
    var loading: [Int: PendingLoad] = [:]
    /// The last failure of an async set-up, by slot, until the next attempt (for ``loadState(of:)``).
    var loadFailures: [Int: CompositionError] = [:]
    /// Set by ``abandon()``: a set-up finishing afterwards releases its value without teardown.
    var wasAbandoned = false

    init(lifetime: Lifetime, name: String, parent: ServiceScope?, table: EntryTable, provided: ProvidedValues) {
        self.lifetime = lifetime
        self.name = name
        self.parent = parent
        self.table = table
        applicationScope = parent?.lifetime == .application ? parent : parent?.applicationScope
        sceneScope = parent?.lifetime == .scene ? parent : parent?.sceneScope
        featureScope = parent?.lifetime == .feature ? parent : parent?.featureScope
        let own = Entry.Mode(lifetime)
        var cells = ContiguousArray<SlotCell?>()
        cells.reserveCapacity(table.count)
        for (slot, entry) in table.entries.enumerated() {
            if entry.mode == own {
                cells.append(SlotCell())
            } else if entry.mode.isCached, entry.mode.rawValue > own.rawValue, let parent, slot < parent.cells.count {
                cells.append(parent.cells[slot])
            } else {
                cells.append(nil)
            }
        }
        self.cells = cells
        for item in provided.items {
            guard let slot = table.slots.slot(for: item.key), let cell = cells[slot] else { continue }
            cell.box = item.box
            owned.append(slot)
        }
    }

    /// The scope that caches values of `mode`'s lifetime for resolutions made from this scope.
    func owner(for mode: Entry.Mode) -> ServiceScope? {
        if mode == Entry.Mode(lifetime) { return self }
        switch mode {
        case .application: return applicationScope
        case .scene: return sceneScope
        case .feature: return featureScope
        case .screen, .transient, .failing: return nil
        }
    }

    /// Closes the scope: closes open children (newest first), then runs the teardown of each
    /// value it owns and releases it, in reverse order of creation. Calling it again does nothing.
    ///
    /// Async set-ups still in flight finish, then their value is torn down and their waiters get
    /// ``CompositionError/scopeClosed(_:scope:scopeLifetime:)``.
    public func close() {
        guard !closed else { return }
        closed = true
        for child in children.reversed() { child.close() }
        children.removeAll()
        while let slot = owned.popLast() {
            guard let box = takeValue(at: slot) else { continue }
            table.entries[slot].tearDown(box)
        }
        parent?.children.removeAll { $0 === self }
    }

    /// Ends the scope without running any teardown, as a process kill does: values are released,
    /// children abandoned, waiters failed. The simulator uses it to fence a killed incarnation.
    public func abandon() {
        guard !closed else { return }
        closed = true
        wasAbandoned = true
        for child in children.reversed() { child.abandon() }
        children.removeAll()
        while let slot = owned.popLast() { _ = takeValue(at: slot) }
        parent?.children.removeAll { $0 === self }
    }

    /// Removes the value cached in `slot` and returns it.
    private func takeValue(at slot: Int) -> AnyObject? {
        guard let cell = cells[slot] else { return nil }
        let box = cell.box
        cell.box = nil
        return box
    }


    /// Open child scopes, oldest first.
    public var openChildren: [ServiceScope] { children }

    /// The problems of this scope's registrations: the root's, or, for a scope opened with
    /// overrides, those of the overridden graph.
    public var problems: [GraphProblem] { table.problems }

    /// Checks this scope's registrations; see ``CompositionRoot/validate()``.
    ///
    /// - Throws: ``CompositionValidationError`` listing every problem; nothing is created.
    public func validate() throws(CompositionValidationError) {
        guard table.problems.isEmpty else { throw CompositionValidationError(problems: table.problems) }
    }

    /// Whether this scope's registrations declare `type` as provided by scopes of `lifetime`.
    func declares<Value>(_ type: Value.Type, at lifetime: Lifetime) -> Bool {
        table.declares(type, at: lifetime)
    }

    /// Whether a value for `key` is cached where a resolution from this scope would find it.
    public func hasCachedValue<Value>(for key: DependencyKey<Value>) -> Bool {
        guard let slot = table.slots.slot(for: key.erased) else { return false }
        return cells[slot]?.box != nil
    }
}
