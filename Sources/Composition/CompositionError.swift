/// Why a resolution or a scope operation failed. Each case names the key and the resolution path
/// (outermost service first), and says what was left behind: a failed resolution caches nothing
/// new, though dependencies it already created stay owned by their scopes.
///
/// ```swift
/// @Test func libraryLoadsBooks() throws {
///     let screen = try scene.openScreen(named: "Library")
///     let model = try screen.resolve(LibraryViewModel.self)
///     // a missing registration fails here with:
///     // Missing registration: nothing is registered for NetworkClient, needed by
///     // LibraryViewModel [screen] → BookService [application] → NetworkClient. …
/// }
/// ```
///
/// The typed error is how an unregistered dependency fails a test: the test's `try` reports the
/// message. A `Sendable` value; `indirect`, so that it is one word and a resolution that does
/// not fail pays nothing for it.
public indirect enum CompositionError: Error, Sendable, CustomStringConvertible {
    /// Nothing is registered for the key; `path` ends with it.
    case notRegistered(AnyDependencyKey, path: [ResolutionStep])
    /// The service is part of a dependency cycle (first list, closed on its first element);
    /// `path` is how it was reached.
    case cycle([ResolutionStep], path: [ResolutionStep])
    /// The service would hold a shorter-lived one (first list: owner first, captive last); `path`
    /// is how it was reached.
    case captiveDependency([ResolutionStep], path: [ResolutionStep])
    /// The service lives in a kind of scope that the resolving scope is not inside of (a scene
    /// service resolved from the application scope); `path` ends with it.
    case scopeUnavailable(ResolutionStep, scope: String, scopeLifetime: Lifetime, path: [ResolutionStep])
    /// The scope was closed; nothing can be resolved from it (the key) or opened in it (`nil`).
    case scopeClosed(AnyDependencyKey?, scope: String, scopeLifetime: Lifetime)
    /// The service has an async factory and is not loaded yet: resolve it with `await`.
    case requiresAwait(ResolutionStep, path: [ResolutionStep])
    /// The value is supplied when its scope opens, and this scope was opened without it.
    case notProvided(ResolutionStep, scope: String, scopeLifetime: Lifetime, path: [ResolutionStep])
    /// A resolver-style factory resolved a key it did not declare in `dependencies:`.
    case undeclaredDependency(AnyDependencyKey, of: ResolutionStep)
    /// The registration's factory threw `underlying`; nothing was cached for it.
    case factoryFailed(ResolutionStep, underlying: any Error, path: [ResolutionStep])
    /// A child scope must be shorter-lived than its parent; no scope was opened.
    case invalidNesting(child: Lifetime, parent: String, parentLifetime: Lifetime)
    /// A value was supplied to a scope for a key that the registry does not declare as provided by
    /// that kind of scope; no scope was opened.
    case undeclaredProvidedValue(AnyDependencyKey, scope: String, scopeLifetime: Lifetime)

    /// The resolution path of the error (outermost first), if it has one.
    public var path: [ResolutionStep] {
        switch self {
        case .notRegistered(_, let path), .cycle(_, let path), .captiveDependency(_, let path),
            .scopeUnavailable(_, _, _, let path), .requiresAwait(_, let path), .notProvided(_, _, _, let path),
            .factoryFailed(_, _, let path):
            path
        case .undeclaredDependency(_, let owner): [owner]
        case .scopeClosed, .invalidNesting, .undeclaredProvidedValue: []
        }
    }

    /// `error` back as a composition error after a call that erased its type (the only errors such
    /// calls throw are composition errors).
    @usableFromInline
    @inline(never)
    static func rethrown(_ error: any Error) -> CompositionError {
        if let error = error as? CompositionError { return error }
        let unknown = ResolutionStep(key: AnyDependencyKey(type: Void.self, name: nil), lifetime: nil)
        return .factoryFailed(unknown, underlying: error, path: [unknown])
    }

    /// The same error reached one level further out: `step` asked for the service that failed.
    @usableFromInline
    func prepending(_ step: ResolutionStep) -> CompositionError {
        switch self {
        case .notRegistered(let key, let path): .notRegistered(key, path: [step] + path)
        case .cycle(let cycle, let path): .cycle(cycle, path: [step] + path)
        case .captiveDependency(let chain, let path): .captiveDependency(chain, path: [step] + path)
        case .scopeUnavailable(let failing, let scope, let lifetime, let path):
            .scopeUnavailable(failing, scope: scope, scopeLifetime: lifetime, path: [step] + path)
        case .requiresAwait(let failing, let path): .requiresAwait(failing, path: [step] + path)
        case .notProvided(let failing, let scope, let lifetime, let path):
            .notProvided(failing, scope: scope, scopeLifetime: lifetime, path: [step] + path)
        case .factoryFailed(let failing, let underlying, let path):
            .factoryFailed(failing, underlying: underlying, path: [step] + path)
        case .undeclaredDependency, .scopeClosed, .invalidNesting, .undeclaredProvidedValue: self
        }
    }

    /// The message: what failed, the path with lifetimes, and what to do.
    public var description: String {
        switch self {
        case .notRegistered(let key, let path):
            Messages.missing(key, path: path)
                + " Register it in the composition root, or override it for this test or preview."
        case .cycle(let cycle, let path):
            Messages.cycle(cycle) + via(path)
        case .captiveDependency(let chain, let path):
            Messages.captive(chain) + via(path)
        case .scopeUnavailable(let step, let scope, let scopeLifetime, let path):
            "No \(step.lifetime ?? .transient) scope: \(step) lives in a \(step.lifetime ?? .transient) scope, "
                + "but it was resolved from \(Messages.scope(scope, scopeLifetime)), which is not inside one"
                + "\(Messages.via(path)). Open a \(step.lifetime ?? .transient) scope and resolve it from there."
        case .scopeClosed(let key?, let scope, let scopeLifetime):
            "Scope closed: \(Messages.scope(scope, scopeLifetime)) was closed, so \(key) can no longer be resolved from it."
        case .scopeClosed(nil, let scope, let scopeLifetime):
            "Scope closed: \(Messages.scope(scope, scopeLifetime)) was closed, so no scope can be opened in it."
        case .requiresAwait(let step, let path):
            "Async service: \(step) has an async factory and is not loaded yet\(Messages.via(path)); "
                + "resolve it with `try await scope.resolve(_:)`."
        case .notProvided(let step, let scope, let scopeLifetime, let path):
            "Value not provided: \(step) is supplied when its scope opens, but \(Messages.scope(scope, scopeLifetime)) "
                + "was opened without it\(Messages.via(path))."
        case .undeclaredDependency(let key, let owner):
            "Undeclared dependency: the factory of \(owner) resolved \(key), which is not in its `dependencies:` list. "
                + "Declare it there so that validation sees it."
        case .factoryFailed(let step, let underlying, let path):
            "Factory failed: the factory of \(step) threw \(underlying)\(Messages.via(path)). "
                + "Nothing was cached for it; the next resolution runs the factory again."
        case .invalidNesting(let child, let parent, let parentLifetime):
            child.isScope
                ? "Invalid scope nesting: a \(child) scope cannot be opened inside \(Messages.scope(parent, parentLifetime)); "
                    + "a child scope must be shorter-lived than its parent."
                : "Invalid scope nesting: transient is not a scope; open a screen, feature or scene scope instead."
        case .undeclaredProvidedValue(let key, let scope, let scopeLifetime):
            "Undeclared provided value: \(key) was supplied to \(Messages.scope(scope, scopeLifetime)), "
                + "but the registry does not declare it with `provided(_:by: .\(scopeLifetime))`; no scope was opened."
        }
    }

    private func via(_ path: [ResolutionStep]) -> String {
        path.count > 1 ? " Reached by resolving \(path.rendered)." : ""
    }
}
