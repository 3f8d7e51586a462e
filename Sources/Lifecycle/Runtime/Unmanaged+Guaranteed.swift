extension Unmanaged {
    /// Runs `body` with the referenced object, neither retained nor released around the call;
    /// the caller guarantees the object outlives the call (its `// Safe because …` says why).
    ///
    /// The standard library's `_withUnsafeGuaranteedRef` wrapped in Swift 6 code: a main-actor
    /// closure handed straight to the standard library (which predates strict concurrency) pays a
    /// dynamic isolation check (`swift_task_isCurrentExecutor`) on every call; one handed to this
    /// function keeps its caller's isolation statically. Used by the runtime's per-event scene
    /// callbacks and by Composition's transient resolution.
    @inlinable
    @inline(__always)
    package func withGuaranteedReference<Result>(_ body: (Instance) throws -> Result) rethrows -> Result {
        try _withUnsafeGuaranteedRef(body)
    }
}
