import CampusLibrary
import Lifecycle
import LifecycleSimulator

/// What the simulated student does, with the keys of the terminal app (``SimulatedHands``) on the
/// screen of the window they act in: search and pick a book from the list, open its record and
/// its note, type, go back, fill the basket, keep a reading list, sign in and out on the profile
/// screen. Nothing reaches a service or a draft except through a screen.
///
/// The simulator records as the student's edit each value an action names (`edits`: the note, the
/// basket) that the screens show changed. The window's restorable fields it names (`fields`) are
/// recorded here, from the window's state: the window does not show them while it checks
/// restored or linked books, and the student's changes then are edits all the same. Whatever else
/// changed is the app's doing and is checked, not recorded: a list that drops its selection when
/// the results of a new search arrive shows the student's selection lost.
extension CampusIncarnation {
    static var actions: [UserAction<CampusIncarnation>] {
        [
            action("search", fields: ["query"], weight: 3, on: { $0.isSearch }) { hands, _, id, random in
                hands.press([.escape], in: id)
                hands.paste(random.element(of: queries), in: id)
            },
            action("move in the list", fields: ["selection"], weight: 2, on: { $0.listsBooks }) { hands, _, id, random in
                hands.press(Array(repeating: random.chance(3, in: 4) ? .down : .up, count: 1 + random.int(below: 3)), in: id)
            },
            action("open from the list", fields: ["selection", "path"], weight: 3, on: { $0.hasBookToOpen }) { hands, _, id, _ in
                hands.press([.enter], in: id)
            },
            // Opening a book's screen also selects the book (`WindowModel.open(_:)`).
            action("open notes", fields: ["selection", "path"], weight: 3, on: { $0.isBook }) { hands, _, id, _ in
                hands.press([.character("n")], in: id)
            },
            action("type in the note", edits: [editedNote], weight: 4, on: { $0.isEditableNote }) { hands, window, id, random in
                guard case .notes(let model) = window.screen else { return }
                if random.chance(1, in: 5), !model.text.isEmpty {
                    hands.press(Array(repeating: .backspace, count: 1 + random.int(below: 8)), in: id)
                } else {
                    hands.paste(" w\(random.int(below: 100_000))", in: id)
                }
            },
            action("back", fields: ["path"], on: { !$0.isSearch }) { hands, _, id, _ in hands.press([.escape], in: id) },
            action("toggle in basket", edits: [editedBasket], weight: 4, on: { $0.isLoadedBook }) { hands, _, id, _ in
                hands.press([.character("a")], in: id)
            },
            action("open basket", fields: ["path"], weight: 2, on: { $0.isSearchOrBook }) { hands, _, id, _ in
                hands.press([.control("b")], in: id)
            },
            action("remove from basket", edits: [editedBasket], weight: 2, on: { $0.listsBasketItems }) { hands, _, id, random in
                hands.press(Array(repeating: .down, count: random.int(below: 3)) + [.character("d")], in: id)
            },
            action("toggle in reading list", weight: 3, on: { $0.canChangeReadingList }) { hands, _, id, _ in
                hands.press([.character("r")], in: id)
            },
            action("open reading list", fields: ["path"], weight: 2, on: { $0.isSearchOrBook }) { hands, _, id, _ in
                hands.press([.control("r")], in: id)
            },
            action("next reading status", weight: 3, on: { $0.listsReadingListEntries }) { hands, _, id, random in
                hands.press(Array(repeating: .down, count: random.int(below: 3)) + [.character("s")], in: id)
            },
            action("remove from reading list", on: { $0.listsReadingListEntries }) { hands, _, id, random in
                hands.press(Array(repeating: .down, count: random.int(below: 3)) + [.character("d")], in: id)
            },
            action("open profile", fields: ["path"], weight: 2, on: { $0.isSearchOrBook }) { hands, _, id, _ in
                hands.press([.control("p")], in: id)
            },
            action("sign in", weight: 2, on: { $0.isSignInForm }, requests: credentials.username) { hands, window, id, _ in
                guard case .profile(let form) = window.screen else { return }
                if form.focusedField == .password { hands.press([.up], in: id) }
                hands.press(Array(repeating: .backspace, count: form.username.count), in: id)
                hands.paste(credentials.username, in: id)
                hands.press([.enter], in: id)
                hands.press(Array(repeating: .backspace, count: form.passwordLength), in: id)
                hands.paste(credentials.password, in: id)
                hands.press([.enter], in: id)
            },
            action("sign out", weight: 2, on: { $0.isSignedInProfile }, requests: .some(nil)) { hands, _, id, _ in
                hands.press([.character("o")], in: id)
            },
        ]
    }

    /// What the student types into the search field: few queries over the books whose notes the
    /// checks follow, so that windows, notes and the basket collide.
    static let queries = ["austen", "emma", "pride", "sense", "dickens", ""]
    /// The note an editor shows, and the basket every window's header shows.
    static let editedNote = EditedValue.prefixed(NoteDraft.historyPrefix), editedBasket = EditedValue(basketKey.name)

    /// An action of the student on the window of the scene they act in, enabled while the launch
    /// gate is open and the screen on top passes `isShown`. Records the changes of the window's
    /// restorable `fields` (by name); the simulator records those of `edits`. With `requests`, the
    /// action asks the library service to change the signed-in account to that value (`.some(nil)`:
    /// signed out), recorded as a requested edit before the keys are pressed: the request may
    /// complete, or the process die, inside the press.
    private static func action(
        _ name: String, fields: Set<String> = [], edits: [EditedValue] = [], weight: Int = 1,
        on isShown: @escaping @MainActor @Sendable (WindowModel.Screen) -> Bool, requests account: String?? = nil,
        perform: @escaping @MainActor @Sendable (SimulatedHands, WindowModel, SceneSessionID, inout SimulationRandom) -> Void
    ) -> UserAction<CampusIncarnation> {
        UserAction(name: name, weight: weight, edits: edits) { context in
            let composition = context.incarnation.composition
            guard !composition.isLaunchGateClosed, let window = composition.window(for: context.scene.id) else { return false }
            return isShown(window.screen)
        } perform: { context, random in
            let incarnation = context.incarnation
            guard let window = incarnation.composition.window(for: context.scene.id) else { return }
            let before = window.stateValues.map(Observation.init)
            if let account { incarnation.history.edit(accountKey, value: account, durability: .requested) }
            perform(incarnation.hands, window, window.sessionID, &random)
            let after = window.stateValues.map(Observation.init).filter { fields.contains($0.key.name) }
            incarnation.history.edit(changesFrom: before, to: after, durability: .restorable)
        }
    }
}

/// What the student sees on top of a window, for the actions' preconditions.
@MainActor
extension WindowModel.Screen {
    var isSearch: Bool { if case .search = self { true } else { false } }
    var isBook: Bool { if case .book = self { true } else { false } }
    var isSearchOrBook: Bool { isSearch || isBook }
    var listsBooks: Bool { if case .search(let model) = self { !model.books.isEmpty } else { false } }
    var hasBookToOpen: Bool { if case .search(let model) = self { model.bookToOpen != nil } else { false } }
    var isLoadedBook: Bool { if case .book(let model) = self { model.record.value != nil } else { false } }
    var canChangeReadingList: Bool { if case .book(let model) = self { model.canChangeReadingList } else { false } }
    var isEditableNote: Bool { if case .notes(let model) = self { model.isEditable } else { false } }
    var listsBasketItems: Bool { if case .basket(let model) = self { !model.items.isEmpty } else { false } }
    var listsReadingListEntries: Bool { if case .readingList(let model) = self { !model.entries.isEmpty } else { false } }
    var isSignInForm: Bool {
        if case .profile(let model) = self { model.auth.state == .signedOut && !model.auth.isWorking } else { false }
    }
    var isSignedInProfile: Bool {
        if case .profile(let model) = self { model.auth.state.account != nil && !model.auth.isWorking } else { false }
    }
}
