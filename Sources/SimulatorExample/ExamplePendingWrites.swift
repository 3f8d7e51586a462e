import Lifecycle

/// Saves that failed (the disk full), kept and written again until they succeed: after a
/// backoff (1 s, doubling, at most a minute), and at once when a window goes inactive or to the
/// background, since the process may be suspended before the backoff ends. Reads see them (``text(at:)``), so a window reopened
/// meanwhile shows what is still to be written. A newer save of the same file replaces one
/// waiting. Owned by the example's ``ExampleFiles``; main actor.
@MainActor
final class ExamplePendingWrites {
    /// A save still to make: the text, where, how (`inPlace`: over the file itself, unsynced,
    /// see ``ExampleFiles/save(_:to:inPlace:then:)``), and what to run once it is written.
    struct Write {
        var text: String
        var location: ExampleFiles.Location
        var inPlace = false
        var onSaved: @MainActor () -> Void
    }

    private let clock: any LifelineClock
    /// The files the writes go to (without these pending writes: ``ExampleFiles`` holds them).
    private let files: ExampleFiles
    private var writes: [String: Write] = [:]
    private var timer: ScheduledAction?
    /// Tries in a row that left something unwritten.
    private var failedTries = 0
    private static let backoff = RetryBackoff(initial: .seconds(1), multiplier: 2, maximum: .seconds(60))

    init(clock: any LifelineClock, files: ExampleFiles) {
        self.clock = clock
        self.files = files
    }

    /// The text waiting to be written to `path`, if any.
    func text(at path: String) -> String? { writes[path]?.text }

    /// Keeps `write` to try again, in place of any waiting for the same file.
    func add(_ write: Write) {
        writes[write.location.path] = write
        guard timer == nil else { return }
        timer = clock.schedule(after: Self.backoff.delay(afterFailures: failedTries + 1)) { [weak self] in
            self?.timer = nil
            self?.writeAll()
        }
    }

    /// Forgets the write waiting for `path` (a newer save of it succeeded).
    func drop(_ path: String) {
        writes[path] = nil
    }

    /// Writes everything waiting now, in path order; what fails again waits for the next try.
    func writeAll() {
        guard !writes.isEmpty else { return }
        timer?.cancel()
        timer = nil
        let due = writes.sorted { $0.key < $1.key }
        writes.removeAll()
        failedTries += 1
        for (_, write) in due {
            if files.write(write.text, to: write.location, inPlace: write.inPlace) { write.onSaved() } else { add(write) }
        }
        if writes.isEmpty { failedTries = 0 }
    }
}
