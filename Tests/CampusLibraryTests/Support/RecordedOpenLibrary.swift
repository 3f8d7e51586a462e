import Foundation

/// Responses in the shape Open Library's `search.json` returns (trimmed to the fields the app
/// asks for), recorded for the loopback tests. Built on each use rather than kept in globals:
/// LeakSanitizer cannot follow a `Data` stored in a global and reports its bytes as leaked.
enum RecordedOpenLibrary {
    static var mobyDick: Data {
        Data(
            """
            {"numFound": 2, "start": 0, "numFoundExact": true, "docs": [
              {"key": "/works/OL102749W", "title": "Moby Dick", "author_name": ["Herman Melville"],
               "first_publish_year": 1851,
               "subject": ["Whaling", "Sea stories", "Fiction", "Whales", "Ahab, Captain (Fictitious character)"]},
              {"key": "/works/OL14985470W", "title": "Moby-Dick, or, The Whale", "author_name": ["Herman Melville"],
               "first_publish_year": 1922}
            ], "num_found": 2, "q": "moby dick", "offset": null}
            """.utf8
        )
    }

    static var byKey: Data {
        Data(
            """
            {"numFound": 1, "start": 0, "numFoundExact": true, "docs": [
              {"key": "/works/OL66554W", "title": "Pride and Prejudice", "author_name": ["Jane Austen"],
               "first_publish_year": 1813, "subject": ["Courtship", "Fiction", "Sisters", "England"]}
            ], "num_found": 1, "q": "key:/works/OL66554W", "offset": null}
            """.utf8
        )
    }
}
