@testable import CampusLibrary
import Foundation
import Testing

@Suite("SyntheticCatalogue")
struct SyntheticCatalogueTests {
    @Test("generates the requested number of valid, distinct records, the same for the same seed")
    func deterministic() {
        let first = SyntheticCatalogue(seed: 42).books(count: 1_000)
        let second = SyntheticCatalogue(seed: 42).books(count: 1_000)
        #expect(first == second)
        #expect(first.count == 1_000)
        #expect(Set(first.map(\.id)).count == 1_000)
        #expect(first.first?.id.rawValue == "syn-0000001")
        #expect(SyntheticCatalogue(seed: 43).books(count: 10) != Array(first.prefix(10)))
    }
}
