import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator

/// An app that keeps its notes in a JSON file written the way Foundation's tutorials write it
/// (`Data.write(to:options:)` through the injected `FileManaging`), saved after every edit and
/// read at launch. It shows nothing to the history itself: what it reads back is checked.
@MainActor
final class FoundationFilesApp {
    static let url = URL(filePath: "/Documents/notes.json")

    let files: any FileManaging
    let options: Data.WritingOptions
    var notes: [String] = []

    init(environment: SimulationEnvironment, options: Data.WritingOptions) {
        files = environment.files
        self.options = options
        if let data = files.contents(atPath: Self.url.path), let stored = try? JSONDecoder().decode([String].self, from: data) {
            notes = stored
        }
    }

    func add(_ note: String) {
        notes.append(note)
        guard let data = try? JSONEncoder().encode(notes) else { return }
        try? files.createDirectory(at: files.documentsDirectory, withIntermediateDirectories: true)
        try? files.write(data, to: Self.url, options: options)
    }

    static func app(options: Data.WritingOptions) -> SimulatedApp<FoundationFilesApp> {
        var app = SimulatedApp<FoundationFilesApp>(name: "FoundationFilesApp") { FoundationFilesApp(environment: $0, options: options) }
        app.actions = [
            UserAction(name: "add note") { _ in true } perform: { context, random in
                context.incarnation.add("n\(random.int(below: 1_000))")
            },
        ]
        return app
    }
}
