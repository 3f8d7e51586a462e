import DurableState
import Lifecycle
import LifelineHistory
import Testing

@MainActor
private final class TextScreen: VisibleValues {
    let name: String
    var text: String?
    init(_ name: String, _ text: String?) {
        self.name = name
        self.text = text
    }
    var visibleValues: [VisibleValue] { [VisibleValue(HistoryKey(name), text: text)] }
}

/// A text field over a model value.
@MainActor
private final class FieldScreen: VisibleValues {
    var field: String
    var model: String
    init(field: String, model: String) {
        self.field = field
        self.model = model
    }
    var visibleValues: [VisibleValue] { [VisibleValue("draft", showing: field, heldByModel: model)] }
}

@MainActor
private final class OtherScreen: VisibleValues {
    var visibleValues: [VisibleValue] { [] }
}

@MainActor
@Suite("ScreenRegistry")
struct ScreenRegistryTests {
    let s1 = SceneSessionID("S1")
    let s2 = SceneSessionID("S2")

    @Test("an edit the screen shows and its model does not hold is stray only in a scene the caller names, and only then")
    func strayEdits() throws {
        let registry = ScreenRegistry()
        let shown = TextScreen("title", "t")
        let agreeing = FieldScreen(field: "same", model: "same")
        let typed = FieldScreen(field: "typed", model: "")
        registry.register(shown, in: s1)
        registry.register(agreeing, in: s1)
        registry.register(typed, in: s2)
        let active = registry.visibleValues { $0 == s1 }
        #expect(active.strayEdit == nil, "S2 is not asked about, S1's field agrees with its model")
        #expect(active.values.map(\.text) == ["t", "same", "typed"])
        #expect(active.values.map(\.modelText) == [nil, .some("same"), .some(nil)])
        let stray = try #require(registry.visibleValues { _ in true }.strayEdit)
        #expect(stray.scene == s2 && stray.value.key == "draft" && stray.value.text == "typed")
        typed.model = "typed"
        #expect(registry.visibleValues { _ in true }.strayEdit == nil)
        #expect(registry.visibleValues.count == 3)
    }

    @Test("shows what every live screen shows, in registration order, and forgets released screens")
    func visibleValuesInOrder() {
        let registry = ScreenRegistry()
        #expect(registry.isEmpty)
        let first = TextScreen("a", "1")
        var second: TextScreen? = TextScreen("b", "2")
        let third = TextScreen("c", nil)
        registry.register(first, in: s1)
        registry.register(second!, in: s2)
        registry.register(third, in: nil)
        registry.register(first, in: s1)
        #expect(registry.visibleValues.map { "\($0.key)=\($0.text ?? "nil")" } == ["a=1", "b=2", "c=nil"])
        second = nil
        #expect(registry.visibleValues.map(\.key.name) == ["a", "c"])
        #expect(!registry.isEmpty)
    }

    @Test("a model registered under a second scene stays under its first and is recorded as shared; again under its own scene, it is not")
    func sharedModel() {
        let registry = ScreenRegistry()
        let screen = TextScreen("a", "1")
        let model = OtherScreen()
        registry.register(screen, in: s1)
        registry.register(model: model, in: s1)
        registry.register(screen, in: s1)
        registry.register(model: model, in: s1)
        #expect(registry.sharedScreens.isEmpty)
        registry.register(model: model, in: s2)
        registry.register(screen, in: s2)
        #expect(registry.sharedScreens.map { "\($0.type) \($0.first)→\($0.second)" } == ["OtherScreen S1→S2", "TextScreen S1→S2"])
        #expect(registry.registrations.map(\.scene) == [s1, s1])
    }

    @Test("a model that shows nothing is watched for its scene and lifetime, not asked what it shows")
    func modelWithoutValues() {
        let registry = ScreenRegistry()
        var model: OtherScreen? = OtherScreen()
        registry.register(model: model!, in: s1)
        #expect(!registry.isEmpty)
        #expect(registry.visibleValues.isEmpty)
        #expect(registry.screens(in: s1).isEmpty)
        #expect(registry.registrations.map { $0.screen === model } == [true])
        model = nil
        #expect(registry.isEmpty)
    }

    @Test("finds the newest live screen of a type in a scene, and none in another scene")
    func screenLookup() {
        let registry = ScreenRegistry()
        let older = TextScreen("a", nil)
        let newer = TextScreen("b", nil)
        let other = OtherScreen()
        registry.register(older, in: s1)
        registry.register(other, in: s1)
        registry.register(newer, in: s1)
        #expect(registry.screen(TextScreen.self, in: s1) === newer)
        #expect(registry.screen(OtherScreen.self, in: s1) === other)
        #expect(registry.screen(TextScreen.self, in: s2) == nil)
        #expect(registry.screen(TextScreen.self, in: nil) == nil)
        #expect(registry.screens(in: s1).count == 3)
    }

    @Test("a disconnected scene's screens leave the registry, which returns the live ones; other scenes' stay, and all live ones are listed with their scene")
    func unregisterScene() {
        let registry = ScreenRegistry()
        let closed = TextScreen("a", "1")
        let kept = TextScreen("b", "2")
        let appWide = TextScreen("c", nil)
        registry.register(closed, in: s1)
        registry.register(kept, in: s2)
        registry.register(appWide, in: nil)
        #expect(registry.registrations.map { $0.scene } == [s1, s2, nil])
        #expect(registry.unregisterScreens(in: s1).map { $0 === closed } == [true])
        #expect(registry.visibleValues.map(\.key.name) == ["b", "c"])
        #expect(registry.screens(in: s1).isEmpty)
        #expect(registry.unregisterScreens(in: s1).isEmpty)
        #expect(registry.registrations.map { $0.screen === kept } == [true, false])
    }

    @Test("a released screen is neither shown nor found")
    func releasedRegistration() {
        let registry = ScreenRegistry()
        do {
            let screen = TextScreen("gone", "x")
            registry.register(screen, in: s1)
        }
        #expect(registry.isEmpty)
        #expect(registry.visibleValues.isEmpty)
        #expect(registry.screen(TextScreen.self, in: s1) == nil)
    }
}
