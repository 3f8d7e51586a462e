extension Unmanaged {
    /// Runs `body` with the referenced object, neither retained nor released around the call;
    /// the caller guarantees the object outlives the call (its `// Safe because …` says why).
    ///
    /// The standard library's `_withUnsafeGuaranteedRef` wrapped in this module: a main-actor
    /// closure handed straight to the standard library (which predates strict concurrency) pays a
    /// dynamic isolation check (`swift_task_isCurrentExecutor`) on every call; one handed to this
    /// Swift 6 function does not. Used by the runtime's per-event scene callbacks.
    @inline(__always)
    func withGuaranteedReference<Result>(_ body: (Instance) -> Result) -> Result {
        _withUnsafeGuaranteedRef(body)
    }
}
