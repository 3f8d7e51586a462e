import DurableState
import Lifecycle
import LifelineHistory
import Testing

private enum Shelf: String { case top, bottom }
private enum Mood { case calm }
private struct Point { var x = 1, y = 2 }
private struct Basket: HistoryTextConvertible {
    var ids: [String]
    var historyText: String? { ids.isEmpty ? nil : ids.joined(separator: "+") }
}

@Suite("HistoryText")
struct HistoryTextTests {
    @Test("a text is itself, an empty text and nil are nothing")
    func texts() {
        #expect(HistoryText.of("milk") == "milk")
        #expect(HistoryText.of("") == nil)
        #expect(HistoryText.of(String?.none) == nil)
        #expect(HistoryText.of(String?.some("eggs")) == "eggs")
        #expect(HistoryText.of(String?.some("")) == nil)
    }

    @Test("collections join their elements in order, sets and dictionaries sorted; empty ones are nothing")
    func collections() {
        #expect(HistoryText.of(["milk", "eggs"]) == "milk, eggs")
        #expect(HistoryText.of([String]()) == nil)
        #expect(HistoryText.of(Set(["b", "a", "c"])) == "a, b, c")
        #expect(HistoryText.of([3, 1]) == "3, 1")
        #expect(HistoryText.of(["k": 1]) == "(key: \"k\", value: 1)")
    }

    @Test("raw values, custom texts and descriptions")
    func others() {
        #expect(HistoryText.of(Shelf.top) == "top")
        #expect(HistoryText.of(Mood.calm) == "calm")
        #expect(HistoryText.of(42) == "42")
        #expect(HistoryText.of(true) == "true")
        #expect(HistoryText.of(Point()) == "Point(x: 1, y: 2)")
        #expect(HistoryText.of(Basket(ids: ["b1", "b2"])) == "b1+b2")
        #expect(HistoryText.of(Basket(ids: [])) == nil)
        #expect(HistoryText.of(Basket?.some(Basket(ids: ["b3"]))) == "b3")
    }

    @Test("fields and visible values convert as the primitives do")
    func fieldsAndVisibleValues() {
        #expect(HistoryField("open list", showing: String?.none).text == nil)
        #expect(HistoryField("query", showing: "austen").text == "austen")
        let shown = VisibleValue("draft", scene: SceneSessionID("S1"), showing: "")
        #expect(shown.key == HistoryKey("draft", scene: SceneSessionID("S1")))
        #expect(shown.text == nil)
        #expect(HistoryKey("draft", scene: SceneSessionID("S1")).description == "draft@S1")
        #expect(("lists" as HistoryKey).description == "lists")
    }
}
