/// The probe's own LeakSanitizer suppression, read by the sanitizer runtime when the probe is
/// built with `--sanitize=address` (see `make sanitize`); unused otherwise.
///
/// The probe ends with `exit()` from ProcessHost's termination path while its app is alive, as a
/// real app does. Swift keeps the weak-reference side table of an object behind an encoded
/// pointer in the object's header, which LeakSanitizer cannot follow: the side table of an object
/// still alive at exit whose weak references are all gone (the runtime's once its scene
/// disconnected, the input reader's once input ended, the clock's once a timer fired) is
/// reported as a 32-byte leak, and the tests check the probe's exit status, which a report turns
/// into 1. So in this process side tables count as reachable: a leaked cycle of objects that were
/// weakly referenced goes unreported here (the in-process suites still report it), any other leak
/// is reported.
@_cdecl("__lsan_default_suppressions")
func leakSanitizerSuppressions() -> UnsafePointer<CChar> {
    let entries: StaticString = "leak:formWeakReference\n"
    return UnsafeRawPointer(entries.utf8Start).assumingMemoryBound(to: CChar.self)
}
