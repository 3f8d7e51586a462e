@testable import CampusLibrary
import Foundation

/// The recorded Open Library `search.json` responses in `Fixtures/OpenLibrary` (their sources are
/// named in the README beside them), and responses derived from them for the loopback server.
enum OpenLibraryFixtures {
    static let mistborn2021 = "search-mistborn-2021"
    static let lordOfTheRings2023 = "search-lord-of-the-rings-2023"
    static let twitterAndTearGas2024 = "search-twitter-and-tear-gas-2024"
    static let atwood2025 = "search-atwood-2025"
    static let all = [mistborn2021, lordOfTheRings2023, twitterAndTearGas2024, atwood2025]

    /// The bytes of the fixture `name`.
    static func data(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/OpenLibrary") else {
            throw TestFailure("no fixture \(name).json")
        }
        return try Data(contentsOf: url)
    }

    /// The fixture `name` with only the document whose key is `/works/<id>`: what the service
    /// answers to `q=key:/works/<id>`.
    static func lookup(_ id: String, in name: String) throws -> Data {
        guard var response = try JSONSerialization.jsonObject(with: data(name)) as? [String: Any],
            let docs = response["docs"] as? [[String: Any]]
        else { throw TestFailure("\(name) is not a search.json document") }
        let matching = docs.filter { $0["key"] as? String == "/works/\(id)" }
        response["docs"] = matching
        response["numFound"] = matching.count
        return try JSONSerialization.data(withJSONObject: response)
    }

    /// A loopback handler for a service holding the documents of `name`: lookups by key get that
    /// document (or none), every other search gets the whole recorded page.
    static func handler(serving name: String) -> LoopbackHTTPServer.Handler {
        { target in
            let query = URLComponents(string: "http://x" + target)?.queryItems?.first { $0.name == "q" }?.value ?? ""
            do {
                if query.hasPrefix("key:/works/") {
                    return .json(try lookup(String(query.dropFirst("key:/works/".count)), in: name))
                }
                return .json(try data(name))
            } catch {
                return LoopbackHTTPServer.Reply(status: 500, body: Data())
            }
        }
    }
}
