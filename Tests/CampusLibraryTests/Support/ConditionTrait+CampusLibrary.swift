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
}
