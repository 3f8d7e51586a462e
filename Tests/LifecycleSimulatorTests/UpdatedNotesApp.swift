import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator
import LifelineHistory

/// An app with two versions on the same disk (`SimulatedApp.versions`): 1 keeps its notes as
/// `[{"text": …}]`, 2 adds a `pinned` field to each note. Saved durably at every keystroke and
/// shown on one app-wide screen (`notes`). With `decodesOldNotes` off, version 2's note type
/// requires the new field, so the user's notes from version 1 fail to decode after the update —
/// the classic `Codable` data loss (the store quarantines the file and starts empty).
@MainActor
final class UpdatedNotesApp: VisibleValues {
    struct NoteV1: Codable, Sendable, HistoryTextConvertible {
        var text: String
        var historyText: String? { text }
    }

    /// Version 2's note, decoded as synthesized: `pinned` is required.
    struct NoteV2: Codable, Sendable, HistoryTextConvertible {
        var text: String
        var pinned = false
        var historyText: String? { text }
    }

    /// Version 2's note, decoding a note without `pinned` as unpinned.
    struct TolerantNoteV2: Codable, Sendable, HistoryTextConvertible {
        var text: String
        var pinned = false
        var historyText: String? { text }

        init(text: String) {
            self.text = text
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            text = try container.decode(String.self, forKey: .text)
            pinned = try container.decodeIfPresent(Bool.self, forKey: .pinned) ?? false
        }
    }

    private(set) var notes: [String] = []
    private let save: ([String]) -> Void

    init(environment: SimulationEnvironment, decodesOldNotes: Bool) {
        func store<Note: Codable & Sendable>(_: Note.Type) -> DocumentStore<[Note]> {
            DocumentStore(storage: environment.storage, path: "/notes.json", defaultValue: [], clock: environment.clock, history: .key("notes"))
        }
        switch (environment.appVersion, decodesOldNotes) {
        case ("2", false):
            let notes = store(NoteV2.self)
            self.notes = notes.load().value.map(\.text)
            save = { texts in try? notes.save(texts.map { NoteV2(text: $0) }) }
        case ("2", true):
            let notes = store(TolerantNoteV2.self)
            self.notes = notes.load().value.map(\.text)
            save = { texts in try? notes.save(texts.map { TolerantNoteV2(text: $0) }) }
        default:
            let notes = store(NoteV1.self)
            self.notes = notes.load().value.map(\.text)
            save = { texts in try? notes.save(texts.map { NoteV1(text: $0) }) }
        }
        environment.screens.register(self, in: nil)
    }

    func add(_ note: String) {
        notes.append(note)
        save(notes)
    }

    var visibleValues: [VisibleValue] { [VisibleValue("notes", showing: notes)] }

    static func app(decodesOldNotes: Bool) -> SimulatedApp<UpdatedNotesApp> {
        var app = SimulatedApp<UpdatedNotesApp>(name: "UpdatedNotesApp") {
            UpdatedNotesApp(environment: $0, decodesOldNotes: decodesOldNotes)
        }
        app.versions = ["1", "2"]
        app.actions = [
            UserAction(name: "add note", edits: ["notes"]) { _ in true } perform: { context, random in
                context.incarnation.add("n\(random.int(below: 1_000))")
            }
        ]
        return app
    }
}
