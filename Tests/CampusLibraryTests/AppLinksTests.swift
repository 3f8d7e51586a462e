@testable import CampusLibrary
import Foundation
import Testing

@Suite("AppLinks")
struct AppLinksTests {
    func destination(_ text: String) -> AppLinks.Destination? {
        URL(string: text).flatMap(AppLinks.destination(for:))
    }

    @Test("custom-scheme and universal links open a book in the current window")
    func bookLinks() {
        let expected = AppLinks.Destination(route: .book(TestBooks.emma.id), target: .currentWindow)
        #expect(destination("campuslibrary://book/austen-emma") == expected)
        #expect(destination("https://campuslibrary.example/book/austen-emma") == expected)
    }

    @Test("?window=new targets a new window")
    func newWindow() {
        #expect(destination("campuslibrary://book/austen-emma?window=new")?.target == .newWindow)
    }

    @Test("other hosts, schemes, paths and malformed identifiers are not the app's links")
    func rejects() {
        #expect(destination("https://example.com/book/austen-emma") == nil)
        #expect(destination("http://campuslibrary.example/book/austen-emma") == nil)
        #expect(destination("campuslibrary://author/austen") == nil)
        #expect(destination("campuslibrary://book/..%2F..%2Fetc") == nil)
        #expect(destination("campuslibrary://book/") == nil)
    }

    @Test("the basket and profile have links too")
    func otherScreens() {
        #expect(destination("campuslibrary://basket")?.route == .basket)
        #expect(destination("https://campuslibrary.example/profile")?.route == .profile)
    }
}
