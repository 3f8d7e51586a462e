import Dispatch
import Lifecycle

/// Where the basket's file is written in the ``ExampleConcurrency/ordinary`` style: an actor that
/// hands each write to a background dispatch queue, the way apps keep file I/O off the main
/// thread, and waits for the write's callback on the main queue through a checked continuation.
///
/// ```swift
/// let written = await store.write("B1,B3")
/// ```
///
/// One write at a time reaches the actor from the basket's ``ExampleBasketWriter``. If the
/// process dies before the callback, the continuation is never resumed (the callback dies with
/// the process). Made by ``LibraryExample``'s composition root; isolated to itself.
actor ExampleBasketStore {
    private let files: ExampleFiles
    private let location: ExampleFiles.Location
    /// Whether the file is written in place, unsynced (``PlantedBug/basketWrittenInPlace``).
    private let writesInPlace: Bool
    private let scheduler: any DispatchScheduler
    /// Writes made, and how many of them succeeded.
    private(set) var writes = (made: 0, succeeded: 0)

    init(files: ExampleFiles, location: ExampleFiles.Location, writesInPlace: Bool = false, scheduler: any DispatchScheduler) {
        self.files = files
        self.location = location
        self.writesInPlace = writesInPlace
        self.scheduler = scheduler
    }

    /// Writes `text` to the basket's file (durably, unless it is written in place); returns whether
    /// every step succeeded.
    func write(_ text: String) async -> Bool {
        let written = await withCheckedContinuation { continuation in
            write(text) { continuation.resume(returning: $0) }
        }
        writes.made += 1
        if written { writes.succeeded += 1 }
        return written
    }

    /// The callback API the continuation bridges: writes on a global queue, then calls
    /// `completion` on the main queue.
    private nonisolated func write(_ text: String, completion: @escaping @MainActor @Sendable (Bool) -> Void) {
        scheduler.global(qos: .utility).async { [files, location, writesInPlace, scheduler] in
            let written = files.write(text, to: location, inPlace: writesInPlace)
            scheduler.main.async { completion(written) }
        }
    }
}
