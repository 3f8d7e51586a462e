import Foundation

/// The sanitizer the suite runs under, as `scripts/sanitize.sh` (`make sanitize`) says in
/// `LIFELINE_SANITIZER`; `nil` in a normal run. For the few tests that cannot run under one, each
/// of which says why in its `.disabled(if:)` trait.
public enum Sanitizer: String, Sendable {
    /// AddressSanitizer, with LeakSanitizer's leak check.
    case address
    /// ThreadSanitizer.
    case thread

    /// The sanitizer of this run.
    public static var current: Sanitizer? {
        ProcessInfo.processInfo.environment["LIFELINE_SANITIZER"].flatMap(Sanitizer.init(rawValue:))
    }

    /// Whether LeakSanitizer checks this process for leaks at exit (AddressSanitizer's
    /// `detect_leaks=1`, as `scripts/sanitize.sh address` runs unless `LIFELINE_LEAK_CHECK=0`):
    /// a test that leaks on purpose (a planted retain cycle) stays out of such a run.
    public static var checksLeaks: Bool {
        current == .address && (ProcessInfo.processInfo.environment["ASAN_OPTIONS"] ?? "").contains("detect_leaks=1")
    }

    /// The sanitizer options an app process a test starts must see, by variable name: the
    /// suite's own, with `ASAN_OPTIONS` taken from `LIFELINE_APP_ASAN_OPTIONS` (no leak check: an
    /// app ends with `exit()` while its object graph is alive; see scripts/sanitize.sh). Empty in
    /// a normal run.
    public static var appProcessOptions: [String: String] {
        let environment = ProcessInfo.processInfo.environment
        var options: [String: String] = [:]
        for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"] { options[name] = environment[name] }
        if let app = environment["LIFELINE_APP_ASAN_OPTIONS"] { options["ASAN_OPTIONS"] = app }
        return options
    }
}
