import Foundation
@testable import LifecycleSimulator
import Testing

/// The byte search the canary check runs over every file, restoration payload and log record.
@Suite("Canary byte search")
struct CanaryScanTests {
    @Test("finds a needle at the start, in the middle, at the end and after a partial match; not a missing or longer one",
          arguments: [
              ("canary-1 rest", "canary-1", true), ("xx canary-1 yy", "canary-1", true), ("rest canary-1", "canary-1", true),
              ("aaab", "aab", true), ("canary-", "canary-1", false), ("no secret here", "canary-1", false), ("", "canary-1", false),
          ])
    func search(_ haystack: String, _ needle: String, _ found: Bool) {
        let bytes = Array(needle.utf8)
        #expect(RunContext.contains(Data(haystack.utf8), bytes) == found)
        #expect(RunContext.contains(haystack, bytes) == found)
    }

    @Test("finds a needle that straddles the middle of a large file")
    func largeFile() {
        var data = Data(repeating: 0x63, count: 1 << 20)
        let needle = Array("canary-secret".utf8)
        data.replaceSubrange((1 << 19)..<((1 << 19) + needle.count), with: needle)
        #expect(RunContext.contains(data, needle))
        #expect(!RunContext.contains(data.prefix(1 << 19), needle))
    }
}
