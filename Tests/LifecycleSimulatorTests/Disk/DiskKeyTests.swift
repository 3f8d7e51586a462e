import Foundation
import Testing

@testable import LifecycleSimulator

@Suite("DiskKey")
struct DiskKeyTests {
    /// Paths around every case of the one-pass test: slashes in a row inside a word, across two
    /// words, in the tail bytes; leading and trailing slashes; the root; empty.
    static let paths: [String] = [
        "", "/", "//", "a", "/a", "a/", "/a/", "//a", "/a//b", "/abcdefg//h", "/abcdef//gh", "/abcdefg/", "/abcdefgh/ij",
        "/Documents/cart.json", "/Documents//cart.json", "/Documents/cart.json/", "/Library/Preferences/com.example.plist",
        "/Library/Preferences//com.example.plist", "/1234567/", "/1234567//", "/123456/" + "/abc", "/é/ü/ß", "/é//ü",
        "/Keychain/6163636f756e74.tmp", String(repeating: "/abcdefg", count: 9), String(repeating: "/abcdefg", count: 9) + "/",
    ]

    @Test("a key of a path is made in one pass exactly when the path is normalised")
    func oneScanAgreesWithIsNormalized() {
        for path in Self.paths {
            #expect((DiskKey(ifNormalized: path) != nil) == DiskPath.isNormalized(path), "\(path)")
        }
    }

    @Test("normalising gives the normalised path and a key equal to the key built from it")
    func normalizingGivesTheSameKey() {
        for path in Self.paths {
            let (normalized, key) = DiskKey.normalizing(path)
            #expect(normalized == DiskPath.normalized(path), "\(path)")
            #expect(key == DiskKey(normalized), "\(path)")
            #expect(key.hashValue == DiskKey(normalized).hashValue, "\(path)")
            #expect(key.text == normalized, "\(path)")
        }
    }
}
