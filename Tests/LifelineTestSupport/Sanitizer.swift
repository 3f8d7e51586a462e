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
}
