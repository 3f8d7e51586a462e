import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator
import LifelineHistory

/// A correct one-note app, in each of the ways a correct app may save its note: the corpus the
/// checks must pass without a finding. The note is app-wide (`note`), typed into by the user,
/// shown with a "✓ Saved" beside it when the app knows it is stored, and read back at launch.
@MainActor
final class CorrectNotesApp: VisibleValues {
    /// How the app saves.
    enum Saving: String, CaseIterable, Sendable {
        /// A durable `DocumentStore` save inside every keystroke's action, synchronously.
        case synchronouslyAtEveryKeystroke
        /// At every keystroke, a `Task {}` that saves the newest text, under an extra-time lease
        /// it ends once the save is over (iOS's background task around a save).
        case inATaskAtEveryKeystroke
        /// A `PersistentValue` with its default debounce, flushed when the app resigns active.
        case debounced
        /// A `PersistentValue` that saves at once (no debounce), flushed likewise.
        case withoutDebounce
    }

    static let path = "/note.json"
    private let saving: Saving
    private let runtime: LifecycleRuntime
    private let clock: VirtualClock
    /// The retry of a failed save, while one is armed, and the failures since the last success.
    private var retry: ScheduledAction?
    private var failures = 0
    /// The note, for the ways that save through a `DocumentStore`.
    private var text = ""
    /// The text the store last acknowledged (`nil` before the first read).
    private var savedText: String?
    private var document: DocumentStore<String>?
    /// The note, for the ways that save through a `PersistentValue`.
    private var value: PersistentValue<String>?
    private var observation: LifecycleObservation?

    init(environment: SimulationEnvironment, saving: Saving) {
        self.saving = saving
        runtime = environment.runtime
        clock = environment.clock
        switch saving {
        case .synchronouslyAtEveryKeystroke, .inATaskAtEveryKeystroke:
            let document = DocumentStore<String>(
                storage: environment.storage, path: Self.path, defaultValue: "", clock: environment.clock, history: .key("note"))
            self.document = document
            text = document.load().value
            savedText = text
        case .debounced, .withoutDebounce:
            let scope = TaskScope(name: "note", tracker: environment.tracker)
            let value = PersistentValue(
                initialValue: "", storage: DurableValueStorage<String>(storage: environment.storage, path: Self.path, clock: environment.clock),
                clock: environment.clock, scope: scope, name: "note", debounce: saving == .debounced ? .milliseconds(300) : .zero,
                history: .key("note"))
            self.value = value
            observation = value.flushOnDeactivation(of: runtime)
            scope.task("read note") { await value.hydrate() }
        }
        environment.screens.register(self, in: nil)
    }

    /// Whether the note was read and may be typed into.
    var isReady: Bool { value?.isHydrated ?? true }

    /// The user types `word` at the end of the note.
    func type(_ word: String) {
        if let value {
            value.value += word
            return
        }
        text += word
        guard saving == .inATaskAtEveryKeystroke else { return save() }
        let lease = runtime.beginExtraTime("save note")
        Task { @MainActor [weak self] in
            await Task.yield()
            self?.save()
            lease.end()
        }
    }

    /// Saves the newest text unless it is saved; after a failure, tries again later
    /// (`PersistentValue`'s backoff).
    private func save() {
        guard let document, text != savedText else { return }
        let snapshot = text
        do {
            try document.save(snapshot)
            savedText = snapshot
            failures = 0
        } catch {
            failures += 1
            guard retry == nil else { return }
            retry = clock.schedule(after: PersistentValue<String>.defaultRetry.delay(afterFailures: failures)) { [weak self] in
                self?.retry = nil
                self?.save()
            }
        }
    }

    var visibleValues: [VisibleValue] {
        if let value {
            guard value.isHydrated else { return [] }
            var saysSaved = false
            if case .saved = value.saveState { saysSaved = true }
            return [VisibleValue("note", showing: value.value, saysSaved: saysSaved)]
        }
        return [VisibleValue("note", showing: text, saysSaved: text == savedText)]
    }

    static func app(_ saving: Saving) -> SimulatedApp<CorrectNotesApp> {
        var app = SimulatedApp<CorrectNotesApp>(name: "CorrectNotesApp.\(saving)") { CorrectNotesApp(environment: $0, saving: saving) }
        app.actions = [
            UserAction(name: "type", edits: ["note"]) { $0.incarnation.isReady } perform: { context, random in
                context.incarnation.type(" w\(random.int(below: 1_000))")
            }
        ]
        return app
    }
}
