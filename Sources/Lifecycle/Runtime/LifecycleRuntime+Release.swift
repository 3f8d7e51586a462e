extension LifecycleRuntime {
    /// Drops what the app handed in, once the process has ended and nothing will be called again:
    /// an app's object graph usually holds its runtime, so while the runtime held the graph's
    /// delegates and handlers, neither could be released (the simulator runs thousands of
    /// incarnations in one process).
    func releaseCallbacks() {
        applicationDelegate = nil
        sceneDelegateFactory = nil
        backgroundHandlers.removeAll()
        silentPushHandler = nil
    }
}
