import CampusLibrary
import Lifecycle
import LifecycleSimulator

/// What the simulated student does, with the keys of the terminal app (``SimulatedHands``) on the
/// screen of the window they act in: search and pick a book from the list, open its record and
/// its note, type, go back, fill the basket, keep a reading list, sign in and out on the profile
/// screen. Nothing reaches a service or a draft except through a screen.
///
/// What an action meant to change, and did change, on the screen it touched is the student's
/// edit, recorded field by field: the window's query, selection and navigation path
/// (restorable), the note the editor shows and the basket (durable). The reading list writes each
/// change inside the key press that makes it, so the list itself reports what it writes (see
/// ``CampusIncarnation``): a death in the middle of the press leaves that change indeterminate.
/// Whatever else changed
/// during the action is the app's doing and is checked, not recorded: a list that drops its
/// selection when the results of a new search arrive shows the student's selection lost. The
/// app's own deliberate changes come from its hooks (see ``CampusIncarnation``).
extension CampusIncarnation {
    static var actions: [UserAction<CampusIncarnation>] {
        [
            screenAction("search", edits: [.query], weight: 3, on: { $0.isSearch }) { hands, _, id, random in
                hands.press([.escape], in: id)
                hands.paste(random.element(of: queries), in: id)
            },
            screenAction("move in the list", edits: [.selection], weight: 2, on: { $0.listsBooks }) { hands, _, id, random in
                let key: TerminalKey = random.chance(3, in: 4) ? .down : .up
                hands.press(Array(repeating: key, count: 1 + random.int(below: 3)), in: id)
            },
            screenAction("open from the list", edits: [.selection, .path], weight: 3, on: { $0.hasBookToOpen }) { hands, _, id, _ in
                hands.press([.enter], in: id)
            },
            // Opening a book's screen also selects the book (`WindowModel.open(_:)`).
            screenAction("open notes", edits: [.selection, .path], weight: 3, on: { $0.isBook }) { hands, _, id, _ in
                hands.press([.character("n")], in: id)
            },
            screenAction("type in the note", edits: [.note], weight: 4, on: { $0.isEditableNote }) { hands, window, id, random in
                guard case .notes(let model) = window.screen else { return }
                if random.chance(1, in: 5), !model.text.isEmpty {
                    hands.press(Array(repeating: .backspace, count: 1 + random.int(below: 8)), in: id)
                } else {
                    hands.paste(" w\(random.int(below: 100_000))", in: id)
                }
            },
            screenAction("back", edits: [.path], on: { !$0.isSearch }) { hands, _, id, _ in
                hands.press([.escape], in: id)
            },
            screenAction("toggle in basket", edits: [.basket], weight: 4, on: { $0.isLoadedBook }) { hands, _, id, _ in
                hands.press([.character("a")], in: id)
            },
            screenAction("open basket", edits: [.path], weight: 2, on: { $0.isSearch || $0.isBook }) { hands, _, id, _ in
                hands.press([.control("b")], in: id)
            },
            screenAction("remove from basket", edits: [.basket], weight: 2, on: { $0.listsBasketItems }) { hands, _, id, random in
                hands.press(Array(repeating: .down, count: random.int(below: 3)) + [.character("d")], in: id)
            },
            screenAction("toggle in reading list", weight: 3, on: { $0.canChangeReadingList }) { hands, _, id, _ in
                hands.press([.character("r")], in: id)
            },
            screenAction("open reading list", edits: [.path], weight: 2, on: { $0.isSearch || $0.isBook }) { hands, _, id, _ in
                hands.press([.control("r")], in: id)
            },
            screenAction("next reading status", weight: 3, on: { $0.listsReadingListEntries }) { hands, _, id, random in
                hands.press(Array(repeating: .down, count: random.int(below: 3)) + [.character("s")], in: id)
            },
            screenAction("remove from reading list", on: { $0.listsReadingListEntries }) { hands, _, id, random in
                hands.press(Array(repeating: .down, count: random.int(below: 3)) + [.character("d")], in: id)
            },
            screenAction("open profile", edits: [.path], weight: 2, on: { $0.isSearch || $0.isBook }) { hands, _, id, _ in
                hands.press([.control("p")], in: id)
            },
            screenAction("sign in", edits: [], weight: 2, on: { $0.isSignInForm }, requests: credentials.username) { hands, window, id, _ in
                guard case .profile(let form) = window.screen else { return }
                if form.focusedField == .password { hands.press([.up], in: id) }
                hands.press(Array(repeating: .backspace, count: form.username.count), in: id)
                hands.paste(credentials.username, in: id)
                hands.press([.enter], in: id)
                hands.press(Array(repeating: .backspace, count: form.passwordLength), in: id)
                hands.paste(credentials.password, in: id)
                hands.press([.enter], in: id)
            },
            screenAction("sign out", edits: [], weight: 2, on: { $0.isSignedInProfile }, requests: .some(nil)) { hands, _, id, _ in
                hands.press([.character("o")], in: id)
            },
        ]
    }

    /// What the student types into the search field: few queries over the books whose notes the
    /// checks follow, so that windows, notes and the basket collide.
    static let queries = ["austen", "emma", "pride", "sense", "dickens", ""]

    /// A value on a window's screens that a student's action means to change.
    enum Field: Sendable {
        case query, selection, path, note, basket

        /// Whether `key` is a value of this field.
        func matches(_ key: HistoryKey) -> Bool {
            switch self {
            case .query: key.name == "query"
            case .selection: key.name == "selection"
            case .path: key.name == "path"
            case .note: key.name.hasPrefix("note:")
            case .basket: key.name == "basket"
            }
        }
    }

    /// An action of the student on the window of the scene they act in, enabled while the launch
    /// gate is open and the screen on top passes `isShown`. Records what it changed of the
    /// fields it `edits`, field by field. With `requests`, the action asks the library service to
    /// change the signed-in account to that value (`.some(nil)`: signed out): the request is recorded
    /// as a requested edit, in flight until the app reports its outcome.
    private static func screenAction(
        _ name: String, edits: [Field] = [], weight: Int = 1,
        on isShown: @escaping @MainActor @Sendable (WindowModel.Screen) -> Bool = { _ in true },
        requests account: String?? = nil,
        perform: @escaping @MainActor @Sendable (SimulatedHands, WindowModel, SceneSessionID, inout SimulationRandom) -> Void
    ) -> UserAction<CampusIncarnation> {
        UserAction(name: name, weight: weight) { context in
            let composition = context.incarnation.composition
            guard !composition.isLaunchGateClosed, let window = composition.window(for: context.scene.id) else { return false }
            return isShown(window.screen)
        } perform: { context, random in
            let incarnation = context.incarnation
            guard let window = incarnation.composition.window(for: context.scene.id) else { return }
            let meant = { (observation: Observation) in edits.contains { $0.matches(observation.key) } }
            let fieldsBefore = fields(of: window)
            let valuesBefore = incarnation.valuesShown(in: window)
            // Recorded before the keys are pressed: the request may complete, or the process die,
            // inside the press.
            if let account { incarnation.history.edit(accountKey, value: account, durability: .requested) }
            perform(incarnation.hands, window, window.sessionID, &random)
            incarnation.history.edit(changesFrom: fieldsBefore, to: fields(of: window).filter(meant), durability: .restorable)
            incarnation.history.edit(changesFrom: valuesBefore, to: incarnation.valuesShown(in: window).filter(meant))
        }
    }

    /// The durable values the window shows: the note in its editor (once readable) and the basket
    /// (once hydrated; every window's header counts it).
    func valuesShown(in window: WindowModel) -> [Observation] {
        var values: [Observation] = []
        if let note = Self.noteShown(in: window) { values.append(note) }
        let basket = composition.services.basket
        if basket.isHydrated { values.append(Observation(key: Self.basketKey, value: Self.shown(basket))) }
        return values
    }

    /// The note the window's editor shows, if the editor is on top and the note readable.
    static func noteShown(in window: WindowModel) -> Observation? {
        guard case .notes(let model) = window.screen, model.isEditable else { return nil }
        return Observation(key: noteKey(model.bookID), value: model.text.isEmpty ? nil : model.text)
    }
}

/// What the student sees on top of a window, for the actions' preconditions.
@MainActor
extension WindowModel.Screen {
    var isSearch: Bool {
        if case .search = self { true } else { false }
    }

    var listsBooks: Bool {
        if case .search(let model) = self { !model.books.isEmpty } else { false }
    }

    var hasBookToOpen: Bool {
        if case .search(let model) = self { model.bookToOpen != nil } else { false }
    }

    var isBook: Bool {
        if case .book = self { true } else { false }
    }

    var isLoadedBook: Bool {
        if case .book(let model) = self { model.record.value != nil } else { false }
    }

    var isEditableNote: Bool {
        if case .notes(let model) = self { model.isEditable } else { false }
    }

    var listsBasketItems: Bool {
        if case .basket(let model) = self { !model.items.isEmpty } else { false }
    }

    var canChangeReadingList: Bool {
        if case .book(let model) = self { model.canChangeReadingList } else { false }
    }

    var listsReadingListEntries: Bool {
        if case .readingList(let model) = self { !model.entries.isEmpty } else { false }
    }

    var isSignInForm: Bool {
        if case .profile(let model) = self { model.auth.state == .signedOut && !model.auth.isWorking } else { false }
    }

    var isSignedInProfile: Bool {
        if case .profile(let model) = self { model.auth.state.account != nil && !model.auth.isWorking } else { false }
    }
}
