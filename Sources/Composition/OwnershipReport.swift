import Lifecycle

/// Who creates, retains and releases each service of a composition root — the textbook's
/// "document ownership" practice, generated from the registrations instead of written by hand.
///
/// ```swift
/// let report = root.ownershipReport()
/// print(report.text)                       // one block per service
/// try report.dot.write(to: url, atomically: true, encoding: .utf8)   // `dot -Tsvg`
/// ```
///
/// Built from declarations only: nothing is created. A `Sendable` value.
public struct OwnershipReport: Sendable, CustomStringConvertible {
    /// The ownership of one registered (or missing) key.
    public struct Service: Hashable, Sendable {
        /// The key.
        public let key: AnyDependencyKey
        /// Its lifetime; `nil` when nothing is registered for it.
        public let lifetime: Lifetime?
        /// What creates the value: its factory (and where it was registered), the code that opens
        /// the scope, or the caller that supplied a fixed value.
        public let createdBy: String
        /// What keeps it alive: a scope, the resolver of a transient, or the registry.
        public let retainedBy: String
        /// When it is released, in lifecycle terms.
        public let released: String
        /// Whether a teardown closure runs just before the owning scope releases it.
        public let hasTeardown: Bool
        /// What its factory receives, in order.
        public let dependencies: [ResolutionStep]
        /// The services whose factories receive it.
        public let dependents: [ResolutionStep]
    }

    /// Every key of the root, in slot order (registration order, then keys depended on but missing).
    public let services: [Service]
    /// The problems validation finds (captive and cyclic edges are drawn red in ``dot``).
    public let problems: [GraphProblem]

    /// The report as text: a heading, then one block per service, then the problems.
    public var text: String {
        var lines = [
            "Ownership report: \(services.count) services. "
                + "A closing scope runs teardowns and releases its services in reverse order of creation.",
        ]
        for service in services {
            lines.append("")
            lines.append(ResolutionStep(key: service.key, lifetime: service.lifetime).description)
            lines.append("  created by: \(service.createdBy)")
            lines.append("  retained by: \(service.retainedBy)")
            lines.append("  released: \(service.released)")
            lines.append("  teardown: \(service.hasTeardown ? "yes, before release" : "none")")
        }
        if !problems.isEmpty {
            lines.append("")
            lines.append("Problems:")
            lines += problems.map { "- \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    /// ``text``.
    public var description: String { text }
}

extension CompositionRoot {
    /// The ownership report of every registration, from declarations only.
    public func ownershipReport() -> OwnershipReport {
        var dependents: [[ResolutionStep]] = Array(repeating: [], count: table.count)
        for entry in table.entries {
            for slot in entry.dependencySlots where !dependents[slot].contains(entry.step) {
                dependents[slot].append(entry.step)
            }
        }
        let services = table.entries.map { entry in
            let dependencies = entry.dependencySlots.map { table.entries[$0].step }
            return OwnershipReport.Service(
                key: entry.key,
                lifetime: entry.lifetime,
                createdBy: Self.creator(of: entry, dependencies: dependencies),
                retainedBy: Self.retainer(of: entry, dependents: dependents[entry.slot]),
                released: Self.release(of: entry),
                hasTeardown: entry.record?.hasTeardown ?? false,
                dependencies: dependencies,
                dependents: dependents[entry.slot]
            )
        }
        return OwnershipReport(services: services, problems: problems)
    }

    private static func creator(of entry: Entry, dependencies: [ResolutionStep]) -> String {
        guard let record = entry.record else { return "nothing: no registration" }
        let inputs = dependencies.isEmpty ? "no dependencies" : "from \(dependencies.map(\.description).joined(separator: ", "))"
        switch record.kind {
        case .factory:
            return "its factory (\(record.site)), \(inputs)"
        case .asyncFactory:
            return "its async factory (\(record.site)), awaited on first resolution, \(inputs)"
        case .value:
            return "the caller of register(_:value:) (\(record.site)); the container never creates it"
        case .provided where record.key == AnyDependencyKey(LifecycleScene.self):
            return "the lifecycle runtime; LifecycleBinding supplies the connecting scene to its scene scope"
        case .provided where record.key == AnyDependencyKey(LifecycleRuntime.self):
            return "the host; LifecycleBinding supplies the runtime to the application scope"
        case .provided:
            return "the code that opens each \(record.lifetime) scope, through ProvidedValues (declared at \(record.site))"
        }
    }

    private static func retainer(of entry: Entry, dependents: [ResolutionStep]) -> String {
        let handed = dependents.isEmpty ? "" : "; handed to \(dependents.map(\.description).joined(separator: ", "))"
        guard let record = entry.record, let lifetime = entry.lifetime else { return "nothing" + handed }
        switch record.kind {
        case .value: return "the registry (the same instance in every scope graph built from it)" + handed
        case .provided: return "the \(lifetime) scope it is supplied to, while that scope is open" + handed
        case .factory, .asyncFactory: break
        }
        switch lifetime {
        case .application: return "the application scope" + handed
        case .scene: return "the scene scope of each connected scene (one instance per scene)" + handed
        case .feature: return "each feature scope (one instance per feature)" + handed
        case .screen: return "each screen scope (one instance per screen)" + handed
        case .transient: return "no scope: each resolution creates one, held only by whoever resolved it" + handed
        }
    }

    private static func release(of entry: Entry) -> String {
        guard let record = entry.record, let lifetime = entry.lifetime else { return "never created" }
        if record.kind == .value { return "never by the container" }
        switch lifetime {
        case .application:
            return "when the application scope closes (willTerminate, through LifecycleBinding); a kill releases nothing"
        case .scene: return "when its scene disconnects (didDisconnect, then the scene scope closes)"
        case .feature: return "when its feature scope closes, or an enclosing scope closes"
        case .screen: return "when its screen scope closes, or an enclosing scope closes"
        case .transient: return "when the last holder lets it go"
        }
    }
}
