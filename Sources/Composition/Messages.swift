/// The sentences shared by ``GraphProblem`` and ``CompositionError`` descriptions, so that the
/// validation report and a failed resolution say the same thing in the same words.
enum Messages {
    static func missing(_ key: AnyDependencyKey, path: [ResolutionStep]) -> String {
        guard path.count > 1 else { return "Missing registration: nothing is registered for \(key)." }
        return "Missing registration: nothing is registered for \(key), needed by \(path.rendered)."
    }

    static func cycle(_ cycle: [ResolutionStep]) -> String {
        "Dependency cycle: \(cycle.rendered)."
    }

    static func captive(_ path: [ResolutionStep]) -> String {
        guard let owner = path.first, let held = path.last,
            let ownerLifetime = owner.lifetime, let heldLifetime = held.lifetime
        else { return "Captive dependency: \(path.rendered)." }
        let unit = heldLifetime.description
        return "Captive dependency: \(path.rendered). \(owner.key) lives as long as \(ownerLifetime.phrase) "
            + "but would keep one \(unit)'s \(held.key) after that \(unit) ends and share it with every other \(unit)."
    }

    static func asyncDependency(_ path: [ResolutionStep]) -> String {
        guard let owner = path.first, let dependency = path.last else { return "Async dependency: \(path.rendered)." }
        return "Async dependency: \(path.rendered). \(dependency.key) has an async factory, "
            + "so \(owner.key) must be registered with registerAsync to await it."
    }

    static func duplicate(_ key: AnyDependencyKey, sites: [RegistrationSite]) -> String {
        let places = sites.map(\.description).joined(separator: ", ")
        return "Duplicate registration: \(key) is registered \(sites.count) times (\(places)); the last one is used. "
            + "Replace a registration with an override instead."
    }

    static func transientProvided(_ key: AnyDependencyKey) -> String {
        "Invalid provided value: \(key) is declared as provided by transient scopes; "
            + "a provided value belongs to an application, scene, feature or screen scope."
    }

    /// ` (resolving A [screen] → B [application])` when the path has more than one step.
    static func via(_ path: [ResolutionStep]) -> String {
        path.count > 1 ? " (resolving \(path.rendered))" : ""
    }

    /// `the scene scope "scene 1"`.
    static func scope(_ name: String, _ lifetime: Lifetime) -> String {
        "the \(lifetime) scope \"\(name)\""
    }
}
