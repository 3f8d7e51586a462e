import Foundation

/// The wall-clock and CPU time a run has taken since it was made, the CPU time of the worker
/// processes it waited for included. A value owned by one command.
struct RunClock {
    private let started = ContinuousClock.now
    private let cpuStarted = RunClock.cpuSeconds()

    /// Wall-clock seconds since the clock was made.
    var wallSeconds: Double {
        let elapsed = started.duration(to: ContinuousClock.now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// CPU seconds of this process and its ended children since the clock was made.
    var cpuSeconds: Double { Self.cpuSeconds() - cpuStarted }

    private static func cpuSeconds() -> Double {
        func seconds(_ who: Int32) -> Double {
            var usage = rusage()
            getrusage(.init(who), &usage)
            return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
                + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        }
        return seconds(RUSAGE_SELF.rawValue) + seconds(RUSAGE_CHILDREN.rawValue)
    }
}
