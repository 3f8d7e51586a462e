/// One problem of a composition graph, found by ``CompositionRoot/validate()`` without creating
/// any service: the graph is read from the dependencies each registration declares.
///
/// Every path lists services outermost first, each with its lifetime, so the message says what
/// holds what: `Captive dependency: LibraryStore [application] → SceneSelection [scene]. …`.
/// A `Sendable` value.
public enum GraphProblem: Hashable, Sendable, CustomStringConvertible {
    /// The key is registered more than once; the last registration is used.
    case duplicateRegistration(AnyDependencyKey, sites: [RegistrationSite])
    /// Nothing is registered for the key; `path` leads from a top-level service to it.
    case missingRegistration(AnyDependencyKey, path: [ResolutionStep])
    /// The services depend on each other in a circle; the list ends where it started.
    case cycle([ResolutionStep])
    /// A longer-lived service holds a shorter-lived one, directly or through transient services:
    /// owner first, captive last.
    case captiveDependency([ResolutionStep])
    /// A service with a synchronous factory depends on one with an async factory: owner, dependency.
    case asyncDependency([ResolutionStep])
    /// A provided value is declared with a transient lifetime, which has no scope to provide it.
    case transientProvidedValue(AnyDependencyKey)

    /// The exact message, with paths and lifetimes.
    public var description: String {
        switch self {
        case .duplicateRegistration(let key, let sites): Messages.duplicate(key, sites: sites)
        case .missingRegistration(let key, let path): Messages.missing(key, path: path)
        case .cycle(let cycle): Messages.cycle(cycle)
        case .captiveDependency(let path): Messages.captive(path)
        case .asyncDependency(let path): Messages.asyncDependency(path)
        case .transientProvidedValue(let key): Messages.transientProvided(key)
        }
    }
}

/// The problems ``CompositionRoot/validate()`` found, in a stable order: duplicates, missing
/// registrations, cycles, captive dependencies, async dependencies, invalid provided values.
///
/// Nothing was created while finding them. A `Sendable` value.
public struct CompositionValidationError: Error, Sendable, CustomStringConvertible {
    /// Every problem, each with its own exact message.
    public let problems: [GraphProblem]

    /// Creates the error for `problems`.
    public init(problems: [GraphProblem]) {
        self.problems = problems
    }

    /// A heading followed by one line per problem.
    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return (["The composition graph has \(count):"] + problems.map { "- \($0)" }).joined(separator: "\n")
    }
}
