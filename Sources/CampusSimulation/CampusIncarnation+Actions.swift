import CampusLibrary
import DurableState
import Lifecycle
import LifecycleSimulator
import LifelineHistory

/// What the simulated student does, with the keys of the terminal app (its `TerminalShell`) in
/// the window they act in, so that a bug that lives only in a screen is as reachable as for a
/// person at the keyboard: search and pick a book, open its record and its note, type, go back,
/// fill the basket, keep a reading list, sign in and out. Nothing bypasses the screens.
///
/// The simulator records as the student's edit each value an action names (`edits`: the note,
/// the basket, the window's restorable fields) that the screens show changed. Whatever else
/// changed is the app's doing and is checked, not recorded: a list that drops its selection when
/// the results of a new search arrive shows the student's selection lost.
extension CampusIncarnation {
    static var actions: [UserAction<CampusIncarnation>] {
        [
            action("search", edits: [query], weight: 3, on: { $0.isSearch }) { _, random in
                [.escape, .paste(random.element(of: queries))]
            },
            action("move in the list", edits: [selection], weight: 2, on: { $0.listsBooks }) { _, random in
                Array(repeating: random.chance(3, in: 4) ? .down : .up, count: 1 + random.int(below: 3))
            },
            action("open from the list", edits: [selection, path], weight: 3, on: { $0.hasBookToOpen }) { _, _ in [.enter] },
            // Opening a book's screen also selects the book (`WindowModel.open(_:)`).
            action("open notes", edits: [selection, path], weight: 3, on: { $0.isBook }) { _, _ in [.character("n")] },
            action("type in the note", edits: [editedNote], weight: 4, on: { $0.isEditableNote }) { screen, random in
                guard case .notes(let model) = screen, random.chance(1, in: 5), !model.text.isEmpty else {
                    return [.paste(" w\(random.int(below: 100_000))")]
                }
                return Array(repeating: .backspace, count: 1 + random.int(below: 8))
            },
            action("back", edits: [path], on: { !$0.isSearch }) { _, _ in [.escape] },
            action("toggle in basket", edits: [editedBasket], weight: 4, on: { $0.isLoadedBook }) { _, _ in [.character("a")] },
            action("open basket", edits: [path], weight: 2, on: { $0.isSearchOrBook }) { _, _ in [.control("b")] },
            action("remove from basket", edits: [editedBasket], weight: 2, on: { $0.listsBasketItems }) { _, random in
                downwards(random.int(below: 3), then: "d")
            },
            action("toggle in reading list", weight: 3, on: { $0.canChangeReadingList }) { _, _ in [.character("r")] },
            action("open reading list", edits: [path], weight: 2, on: { $0.isSearchOrBook }) { _, _ in [.control("r")] },
            action("next reading status", weight: 3, on: { $0.listsReadingListEntries }) { _, random in
                downwards(random.int(below: 3), then: "s")
            },
            action("remove from reading list", on: { $0.listsReadingListEntries }) { _, random in
                downwards(random.int(below: 3), then: "d")
            },
            action("open profile", edits: [path], weight: 2, on: { $0.isSearchOrBook }) { _, _ in [.control("p")] },
            action("sign in", weight: 2, on: { $0.isSignInForm }) { screen, _ in
                guard case .profile(let form) = screen else { return [] }
                let clearUsername = Array(repeating: TerminalKey.backspace, count: form.username.count)
                let clearPassword = Array(repeating: TerminalKey.backspace, count: form.passwordLength)
                return (form.focusedField == .password ? [.up] : []) + clearUsername
                    + [.paste(credentials.username), .enter] + clearPassword + [.paste(credentials.password), .enter]
            },
            action("sign out", weight: 2, on: { $0.isSignedInProfile }) { _, _ in [.character("o")] },
        ]
    }

    /// What the student types into the search field: few queries over the books whose notes the
    /// checks follow, so that windows, notes and the basket collide.
    static let queries = ["austen", "emma", "pride", "sense", "dickens", ""]
    /// The note an editor shows, the basket every window's header shows, and a window's
    /// restorable fields (`WindowState.historyFields`).
    static let editedNote = EditedValue.prefixed(NoteDraft.historyPrefix)
    static let editedBasket = EditedValue(BorrowingBasket.historyName.name)
    static let query = EditedValue.restorable("query")
    static let selection = EditedValue.restorable("selection")
    static let path = EditedValue.restorable("path")

    /// `steps` presses of ↓, then `key`: an action on one of the first rows of a list.
    private static func downwards(_ steps: Int, then key: Character) -> [TerminalKey] {
        Array(repeating: .down, count: steps) + [.character(key)]
    }

    /// An action of the student on the window of the scene they act in, enabled while the launch
    /// gate is open and the screen on top passes `isShown`: presses the keys `press` chooses for
    /// that screen.
    private static func action(
        _ name: String, edits: [EditedValue] = [], weight: Int = 1,
        on isShown: @escaping @MainActor @Sendable (WindowModel.Screen) -> Bool,
        press: @escaping @MainActor @Sendable (WindowModel.Screen, inout SimulationRandom) -> [TerminalKey]
    ) -> UserAction<CampusIncarnation> {
        UserAction(name: name, weight: weight, edits: edits) { context in
            let composition = context.incarnation.composition
            guard !composition.isLaunchGateClosed, let window = composition.window(for: context.scene.id) else { return false }
            return isShown(window.screen)
        } perform: { context, random in
            guard let window = context.incarnation.composition.window(for: context.scene.id) else { return }
            context.incarnation.shell.press(press(window.screen, &random), in: window)
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
