import LifelineTestSupport
import Testing

extension Trait where Self == ConditionTrait {
    /// For the suites that start the real `campus-library` binary: they do not run under
    /// ThreadSanitizer, where that binary crashes at launch.
    static var startsCampusLibrary: Self {
        .disabled(
            if: Sanitizer.current == .thread,
            """
            campus-library is linked with the Swift runtime and Foundation inside (-static-stdlib), and under \
            ThreadSanitizer it crashes at launch inside the sanitizer's allocator (CHECK failed: \
            sanitizer_allocator_secondary.h:297, or in its free from ProcessInfo.environment)
            """
        )
    }

    /// For the tests that load the networking plugin (`libCampusNetworking.so`) into the test
    /// process: they do not run under ThreadSanitizer, whose runtime the test binary holds
    /// without exporting it to libraries loaded later.
    static var loadsNetworkingPlugin: Self {
        .disabled(
            if: Sanitizer.current == .thread,
            """
            under ThreadSanitizer the networking plugin cannot be loaded into the test process (dlopen: \
            undefined symbol __tsan_external_write), so every request fails as "no connection"
            """
        )
    }
}
