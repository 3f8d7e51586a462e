import CampusLibrary
import DurableState
import Lifecycle
import LifecycleSimulator

/// What the simulated student does: write notes, browse in several windows, fill the basket, sign
/// in and out. Every change the student makes to a window or the basket is recorded in the history
/// the moment it is made.
extension CampusIncarnation {
    static var actions: [UserAction<CampusIncarnation>] {
        [
            UserAction(name: "edit note", weight: 4) { context in
                noteBooks.contains { context.incarnation.composition.services.notes.draft(for: $0).isHydrated }
            } perform: { context, random in
                let notes = context.incarnation.composition.services.notes
                let ready = noteBooks.filter { notes.draft(for: $0).isHydrated }
                guard !ready.isEmpty else { return }
                let id = random.element(of: ready)
                let text = "note \(random.int(below: 1_000_000))"
                context.incarnation.history.edit(noteKey(id), value: text)
                notes.draft(for: id).edit(text)
            },
            windowAction("open book", weight: 3) { window, random in
                window.openBook(random.element(of: browsedBooks).id)
            },
            windowAction("search", weight: 2) { window, random in
                window.popToRoot()
                window.search.updateQuery(random.element(of: ["austen", "dickens", "sea", ""]))
                window.appear()
            },
            windowAction("back", when: { $0.topRoute != nil }) { window, _ in window.back() },
            windowAction("open notes", when: { $0.selection != nil }) { window, _ in window.openNotes() },
            windowAction("open basket") { window, _ in window.open(.basket) },
            basketAction("add to basket", weight: 2) { basket, random in
                basket.add(random.element(of: browsedBooks))
            },
            basketAction("remove from basket", when: { !$0.items.isEmpty }) { basket, random in
                basket.remove(random.element(of: basket.items).id)
            },
            UserAction(name: "sign in") { context in
                let auth = context.incarnation.composition.services.auth
                return auth.state == .signedOut && !auth.isWorking
            } perform: { context, _ in
                let incarnation = context.incarnation
                let auth = incarnation.composition.services.auth
                incarnation.history.edit(accountKey, value: credentials.username, durability: .requested)
                context.environment.runtime.applicationScope.task("sign in") {
                    await auth.signIn(username: credentials.username, password: Secret(credentials.password))
                    if let account = auth.state.account {
                        incarnation.history.acknowledge(accountKey, value: account.username)
                    } else {
                        incarnation.history.edit(accountKey, value: nil, durability: .requested)
                    }
                }
            },
            UserAction(name: "sign out") { context in
                let auth = context.incarnation.composition.services.auth
                return auth.state.account != nil && !auth.isWorking
            } perform: { context, _ in
                let incarnation = context.incarnation
                let auth = incarnation.composition.services.auth
                incarnation.history.edit(accountKey, value: nil, durability: .requested)
                context.environment.runtime.applicationScope.task("sign out") {
                    await auth.signOut()
                    incarnation.history.acknowledge(accountKey, value: nil)
                }
            },
        ]
    }

    /// An action in the window of the scene the student touches; records the window's new state.
    private static func windowAction(
        _ name: String, weight: Int = 1, when isEnabled: @escaping @MainActor @Sendable (WindowModel) -> Bool = { _ in true },
        perform: @escaping @MainActor @Sendable (WindowModel, inout SimulationRandom) -> Void
    ) -> UserAction<CampusIncarnation> {
        UserAction(name: name, weight: weight) { context in
            context.incarnation.composition.window(for: context.scene.id).map(isEnabled) ?? false
        } perform: { context, random in
            guard let window = context.incarnation.composition.window(for: context.scene.id) else { return }
            let before = shown(window)
            perform(window, &random)
            let after = shown(window)
            if after != before { context.incarnation.history.edit(windowKey(window.sessionID), value: after, durability: .restorable) }
        }
    }

    /// An action on the hydrated basket; records the basket's new contents.
    private static func basketAction(
        _ name: String, weight: Int = 1, when isEnabled: @escaping @MainActor @Sendable (BorrowingBasket) -> Bool = { _ in true },
        perform: @escaping @MainActor @Sendable (BorrowingBasket, inout SimulationRandom) -> Void
    ) -> UserAction<CampusIncarnation> {
        UserAction(name: name, weight: weight) { context in
            let basket = context.incarnation.composition.services.basket
            return basket.isHydrated && isEnabled(basket)
        } perform: { context, random in
            let basket = context.incarnation.composition.services.basket
            let before = shown(basket)
            perform(basket, &random)
            let after = shown(basket)
            if after != before { context.incarnation.history.edit(basketKey, value: after) }
        }
    }
}
