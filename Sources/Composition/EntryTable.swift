/// A frozen registry: one ``Entry`` per slot and the map from keys to slots, with the problems
/// validation found. Immutable; shared by every scope that uses it.
///
/// The composition root builds the first one from its registry. A scope opened with overrides
/// derives its own: every slot keeps its number (so values cached by ancestors stay where they
/// are), overridden keys get new entries, and new keys are appended. Lives on the main actor.
@MainActor
@usableFromInline
final class EntryTable {
    @usableFromInline let entries: ContiguousArray<Entry>
    /// Whether each slot is a transient, by slot.
    @usableFromInline let transients: ContiguousArray<Bool>
    let slots: SlotIndex
    /// Keys by slot.
    let keys: [AnyDependencyKey]
    /// What validation found, in the order of ``CompositionValidationError``.
    let problems: [GraphProblem]

    private init(keys: [AnyDependencyKey], entries: ContiguousArray<Entry>, problems: [GraphProblem]) {
        self.keys = keys
        self.entries = entries
        self.transients = ContiguousArray(entries.lazy.map { $0.mode == .transient })
        self.slots = SlotIndex(keys: keys)
        self.problems = problems
    }

    var count: Int { entries.count }

    /// Whether `type` is declared as a value provided by scopes of `lifetime`.
    func declares<Value>(_ type: Value.Type, at lifetime: Lifetime) -> Bool {
        guard let slot = slots.slot(for: AnyDependencyKey(type)) else { return false }
        return entries[slot].record?.kind == .provided && entries[slot].lifetime == lifetime
    }

    /// Freezes `records`: the last registration of a key wins, duplicates are reported; a key that
    /// is depended on but not registered gets a failing slot, unless `implicit` supplies it.
    static func root(records: [RegistrationRecord], implicit: [RegistrationRecord]) -> EntryTable {
        var chosen: [AnyDependencyKey: RegistrationRecord] = [:]
        var sites: [AnyDependencyKey: [RegistrationSite]] = [:]
        var keys: [AnyDependencyKey] = []
        for record in records {
            if chosen[record.key] == nil { keys.append(record.key) }
            chosen[record.key] = record
            sites[record.key, default: []].append(record.site)
        }
        let duplicates: [GraphProblem] = keys.compactMap { key in
            guard let places = sites[key], places.count > 1 else { return nil }
            return .duplicateRegistration(key, sites: places)
        }
        var referenced: [AnyDependencyKey] = []
        for key in keys { referenced += chosen[key]?.dependencies ?? [] }
        for record in implicit where chosen[record.key] == nil && referenced.contains(record.key) {
            keys.append(record.key)
            chosen[record.key] = record
        }
        return build(keys: keys, duplicates: duplicates) { slot, key in
            chosen[key].map { .rebuilt($0, lifetime: $0.lifetime) } ?? .missing
        }
    }

    /// The table of a scope of lifetime `level` opened with `overrides` inside a scope using
    /// `base`. An overriding registration longer-lived than `level` is cached by the new scope.
    static func derived(from base: EntryTable, overrides: [RegistrationRecord], level: Lifetime) -> EntryTable {
        var replaced: [AnyDependencyKey: RegistrationRecord] = [:]
        var keys = base.keys
        for record in overrides {
            if replaced[record.key] == nil, base.slots.slot(for: record.key) == nil { keys.append(record.key) }
            replaced[record.key] = record
        }
        return build(keys: keys, duplicates: []) { slot, key in
            if let record = replaced[key] {
                return .rebuilt(record, lifetime: record.lifetime.isScope ? min(record.lifetime, level) : .transient)
            }
            guard slot < base.count else { return .missing }
            let entry = base.entries[slot]
            guard let record = entry.record, let lifetime = entry.lifetime else { return .missing }
            return lifetime > level ? .external(entry) : .rebuilt(record, lifetime: lifetime)
        }
    }

    private enum Source {
        case rebuilt(RegistrationRecord, lifetime: Lifetime)
        case external(Entry)
        case missing
    }

    private static func build(
        keys: [AnyDependencyKey], duplicates: [GraphProblem], source: (Int, AnyDependencyKey) -> Source
    ) -> EntryTable {
        var keys = keys
        var sources: [Source] = []
        var slotOf: [AnyDependencyKey: Int] = [:]
        for (slot, key) in keys.enumerated() { slotOf[key] = slot }
        var slot = 0
        while slot < keys.count {
            let found = source(slot, keys[slot])
            sources.append(found)
            if case .rebuilt(let record, _) = found {
                for dependency in record.dependencies where slotOf[dependency] == nil {
                    slotOf[dependency] = keys.count
                    keys.append(dependency)
                }
            }
            slot += 1
        }
        let nodes = zip(keys, sources).map { key, source in
            switch source {
            case .rebuilt(let record, let lifetime):
                GraphAnalysis.Node(key: key, lifetime: lifetime, dependencies: record.dependencies.compactMap { slotOf[$0] },
                                   kind: record.kind, isExternal: false)
            case .external(let entry):
                GraphAnalysis.Node(key: key, lifetime: entry.lifetime, dependencies: Array(entry.dependencySlots),
                                   kind: entry.record?.kind, isExternal: true)
            case .missing:
                GraphAnalysis.Node(key: key, lifetime: nil, dependencies: [], kind: nil, isExternal: false)
            }
        }
        let analysis = GraphAnalysis(nodes: nodes)
        var entries = ContiguousArray<Entry>()
        entries.reserveCapacity(keys.count)
        for (slot, source) in sources.enumerated() {
            switch source {
            case .rebuilt(let record, let lifetime):
                let seed = EntrySeed(slot: slot, lifetime: lifetime, dependencySlots: ContiguousArray(nodes[slot].dependencies),
                                     failure: analysis.failures[slot], record: record)
                entries.append(record.makeEntry(seed))
            case .external(let entry):
                entries.append(entry)
            case .missing:
                entries.append(Entry(missing: keys[slot], slot: slot))
            }
        }
        return EntryTable(keys: keys, entries: entries, problems: duplicates + analysis.problems)
    }
}
