/// Lets other main-actor work run during a long search: most schedules never suspend, so a
/// search of thousands of them would otherwise hold the main actor (and every test or interface
/// sharing it) from start to end. Yields between two runs once 10 ms of real time have passed
/// since the last yield; real time only decides when to yield, never what a run does. A value
/// owned by one search loop, on the main actor.
@MainActor
struct SearchPacing {
    private var lastYield = ContinuousClock.now

    /// Yields the main actor if 10 ms have passed since the last yield.
    mutating func yieldIfDue() async {
        let now = ContinuousClock.now
        guard lastYield.duration(to: now) >= .milliseconds(10) else { return }
        lastYield = now
        await Task.yield()
    }
}
