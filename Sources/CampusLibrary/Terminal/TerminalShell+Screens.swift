import Lifecycle

/// The keys of each screen of a window.
extension TerminalShell {
    /// Whether the screen on top of `window` puts every typed character into a text field.
    func takesText(_ window: WindowModel) -> Bool {
        switch window.screen {
        case .search, .notes: true
        case .profile(let model): model.auth.state.account == nil
        case .book, .basket, .readingList: false
        }
    }

    func handle(_ key: TerminalKey, in window: WindowModel) {
        if key == .paste("") { return }
        if window.recoveryMessage != nil, key == .escape {
            window.dismissRecoveryMessage()
            return
        }
        switch window.screen {
        case .search(let model):
            switch key {
            case .character(let character): model.updateQuery(model.query + String(character))
            case .paste(let text): model.updateQuery(model.query + text)
            case .backspace: model.updateQuery(String(model.query.dropLast()))
            case .escape: model.updateQuery("")
            case .up: model.moveHighlight(by: -1)
            case .down: model.moveHighlight(by: 1)
            case .enter: model.openSelection()
            default: break
            }
        case .book(let model):
            switch key {
            case .character("n"), .enter: window.openNotes()
            case .character("a"): model.toggleBasket()
            case .character("r"): model.toggleReadingList()
            case .escape, .left: window.back()
            default: break
            }
        case .notes(let model):
            switch key {
            case .character(let character): model.type(String(character))
            case .paste(let text): model.type(text)
            case .enter: model.newline()
            case .backspace: model.deleteBackward()
            case .escape:
                model.draft.flush()
                window.back()
            default: break
            }
        case .basket(let model):
            switch key {
            case .up: model.moveHighlight(by: -1)
            case .down: model.moveHighlight(by: 1)
            case .enter: if let item = model.highlightedItem { window.openBook(item.id) }
            case .character("d"), .character("x"): model.removeHighlighted()
            case .escape, .left: window.back()
            default: break
            }
        case .readingList(let model):
            switch key {
            case .up: model.moveHighlight(by: -1)
            case .down: model.moveHighlight(by: 1)
            case .enter: if let entry = model.highlightedEntry { window.openBook(entry.bookID) }
            case .character("s"): model.advanceHighlighted()
            case .character("d"), .character("x"): model.removeHighlighted()
            case .escape, .left: window.back()
            default: break
            }
        case .profile(let model):
            handle(key, in: model, window: window)
        }
    }

    private func handle(_ key: TerminalKey, in model: ProfileViewModel, window: WindowModel) {
        if model.auth.state.account != nil {
            switch key {
            case .character("o"): model.signOut()
            case .character("c"): model.toggleConsent()
            case .escape, .left: window.back()
            default: break
            }
            return
        }
        switch key {
        case .character(let character): model.type(String(character))
        case .paste(let text): model.type(text)
        case .backspace: model.deleteBackward()
        case .up, .down: model.switchField()
        case .enter: model.submit()
        case .escape: window.back()
        default: break
        }
    }
}
