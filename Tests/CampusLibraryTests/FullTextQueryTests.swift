@testable import CampusLibrary
import Foundation
import Testing

@Suite("FullTextQuery")
struct FullTextQueryTests {
    @Test("each word becomes a quoted prefix term; punctuation separates words")
    func expression() {
        #expect(FullTextQuery.expression(for: "Tale of two") == #""tale"* "of"* "two"*"#)
        #expect(FullTextQuery.expression(for: #"moby-dick "whale""#) == #""moby"* "dick"* "whale"*"#)
        #expect(FullTextQuery.expression(for: " -- ") == nil)
    }
}
