import Lifecycle

/// The basket's saves in the ``ExampleConcurrency/ordinary`` style: each save goes down an
/// `AsyncStream` to one writer task, which writes them in order through the
/// ``ExampleBasketStore`` actor and acknowledges each once written. A save that fails (the disk
/// full) joins the files' pending writes, tried again after a backoff.
///
/// Two planted bugs live here: ``PlantedBug/basketAcknowledgedBeforeWrite`` acknowledges a save
/// before its write, and ``PlantedBug/basketWriterStopsAtFailure`` ends the writer task at the
/// first failed write, so later saves wait in the stream forever.
///
/// Owned by the ``ExampleBasket``; main actor. Its writer task lives as long as the process.
@MainActor
final class ExampleBasketWriter {
    /// One save: the basket's file text, and what to run once it is written.
    struct Save: Sendable {
        let text: String
        let onSaved: @MainActor @Sendable () -> Void
    }

    private let saves: AsyncStream<Save>.Continuation

    init(store: ExampleBasketStore, files: ExampleFiles, location: ExampleFiles.Location, writesInPlace: Bool = false, bugs: Set<PlantedBug>) {
        let (stream, saves) = AsyncStream.makeStream(of: Save.self)
        self.saves = saves
        let acknowledgesFirst = bugs.contains(.basketAcknowledgedBeforeWrite)
        let stopsAtFailure = bugs.contains(.basketWriterStopsAtFailure)
        Task {
            for await save in stream {
                if acknowledgesFirst { save.onSaved() }
                if await store.write(save.text) {
                    files.pending?.drop(location.path)
                    if !acknowledgesFirst { save.onSaved() }
                } else if stopsAtFailure {
                    return
                } else {
                    files.pending?.add(.init(text: save.text, location: location, inPlace: writesInPlace, onSaved: save.onSaved))
                }
            }
        }
    }

    /// Queues `text` to be written; `onSaved` runs once it is.
    func save(_ text: String, then onSaved: @escaping @MainActor @Sendable () -> Void) {
        saves.yield(Save(text: text, onSaved: onSaved))
    }
}
