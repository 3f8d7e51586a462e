/// An error that says whether it is transient: whether its source could not answer *now* (no
/// connection, a timeout, a server error), so that the same request may succeed later with nothing
/// else changed, as opposed to a definite answer or a fault that retrying will not fix.
///
/// ``LoadState/init(_:)`` turns a transient error into ``LoadState/unavailable(_:)``. Conform the
/// errors of remote services and other sources that come and go.
public protocol TransientError: Error {
    /// Whether retrying later may succeed without anything else changing.
    var isTransient: Bool { get }
}
