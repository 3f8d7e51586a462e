#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `posix_spawn` attributes that start a child with an empty signal mask and every signal's
/// default disposition: test threads block most signals, and a spawned program inherits the mask
/// (a tmux server, say, could then never be hung up, nor an app stopped). A namespace.
public enum SpawnAttributes {
    /// Runs `body` with such attributes, destroyed when it returns.
    public static func withDefaultSignals<Result>(_ body: (inout posix_spawnattr_t) throws -> Result) rethrows -> Result {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return try body(&attributes)
    }
}
