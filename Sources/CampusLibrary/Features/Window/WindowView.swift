import Lifecycle

/// Renders one window: a header (window position, screen, account, basket), the catalogue's status
/// line while it has something to say, an optional recovery banner, the screen on top, and the
/// keys that screen accepts. A pure function of the window's
/// state and the chrome the shell supplies. A namespace.
public enum WindowView {
    /// What the shell knows about the window that the window does not: its place among the others.
    public struct Chrome: Hashable, Sendable {
        /// 1-based position of the window.
        public var position: Int
        /// Number of open windows.
        public var count: Int

        /// Creates chrome.
        public init(position: Int, count: Int) {
            self.position = position
            self.count = count
        }
    }

    /// The window's frame.
    @MainActor
    public static func render(_ window: WindowModel, services: AppServices, chrome: Chrome, size: ScreenSize) -> Frame {
        let width = size.columns
        var lines = [header(window, services: services, chrome: chrome, width: width), String(repeating: "─", count: width)]
        if let status = services.catalogue.statusMessage {
            lines.append(TextLayout.fit(" ⚠ " + status, width: width))
        }
        if let notice = services.notices.current {
            let more = services.notices.pending.count - 1
            let dismiss = more > 0 ? " (Esc: next of \(more + 1))" : " (Esc: dismiss)"
            lines += TextLayout.wrap("⚠ " + notice + dismiss, width: width - 2).map { " " + $0 }
        }
        if let message = window.recoveryMessage {
            lines += TextLayout.wrap("⚠ " + message, width: width - 2).map { " " + $0 }
        }
        if case .failed(let error) = services.catalogue.loadState {
            lines.append(" ⚠ \(error)")
        }
        let hints = keyHints(for: window.screen)
        let bodyTop = lines.count
        let bodyHeight = max(size.rows - bodyTop - hints.count - 1, 1)
        var cursor: Frame.Cursor?
        let body: [String]
        switch window.screen {
        case .search(let model):
            let rendered = SearchView.render(model, width: width, height: bodyHeight)
            body = rendered.lines
            cursor = rendered.cursor
        case .book(let model):
            body = BookRecordView.render(model, width: width, height: bodyHeight)
        case .notes(let model):
            let rendered = NoteEditorView.render(model, width: width, height: bodyHeight)
            body = rendered.lines
            cursor = rendered.cursor
        case .basket(let model):
            body = BasketView.render(model, width: width, height: bodyHeight)
        case .readingList(let model):
            body = ReadingListView.render(model, width: width, height: bodyHeight)
        case .profile(let model):
            let rendered = ProfileView.render(model, width: width, height: bodyHeight)
            body = rendered.lines
            cursor = rendered.cursor
        }
        lines += body.prefix(bodyHeight)
        while lines.count < bodyTop + bodyHeight { lines.append("") }
        lines.append(String(repeating: "─", count: width))
        lines += hints
        if let position = cursor {
            cursor = Frame.Cursor(row: bodyTop + min(position.row, bodyHeight - 1), column: position.column)
        }
        return Frame(lines: lines, size: size, cursor: cursor)
    }

    /// A short name of the screen on top.
    @MainActor
    public static func screenName(_ screen: WindowModel.Screen) -> String {
        switch screen {
        case .search: "Search"
        case .book: "Book"
        case .notes: "Notes"
        case .basket: "Basket"
        case .readingList: "Reading list"
        case .profile: "Profile"
        }
    }

    @MainActor
    static func header(_ window: WindowModel, services: AppServices, chrome: Chrome, width: Int) -> String {
        let left = " Campus Library · Window \(chrome.position)/\(chrome.count) · \(screenName(window.screen))"
        var right: [String] = []
        if let book = window.search.selectedBook { right.append("◆ " + TextLayout.fit(book.title, width: 24)) }
        switch services.auth.state {
        case .restoring: break
        case .signedOut: right.append("signed out")
        case .signedIn(let account, let verified): right.append(account.displayName + (verified ? "" : " (offline)"))
        }
        right.append("basket \(services.basket.items.count)")
        return TextLayout.spread(left, right.joined(separator: " · ") + " ", width: width)
    }

    /// The keys of the screen on top, then the global keys.
    @MainActor
    public static func keyHints(for screen: WindowModel.Screen) -> [String] {
        let local = switch screen {
        case .search: " type to search · ↑↓ select · ⏎ open book · ^R reading list"
        case .book: " n notes · a add/remove basket · r add/remove reading list · Esc back"
        case .notes: " type or paste your note · ⏎ new line · ^S save now · Esc back (saves)"
        case .basket: " ↑↓ select · ⏎ open · d remove · Esc back"
        case .readingList: " ↑↓ select · ⏎ open · s next status · d remove · Esc back"
        case .profile(let model):
            model.auth.state.account == nil
                ? " type · ↑↓ field · ⏎ next/sign in · Esc back"
                : " o sign out · c analytics on/off · Esc back"
        }
        return [local, " ^N new  Tab next  ^O list  ^X close  ^B basket  ^P profile  ^G help  ^C quit"]
    }
}
