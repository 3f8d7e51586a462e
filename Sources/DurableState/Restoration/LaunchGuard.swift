import Foundation
import Lifecycle
import LifelineHistory

/// The crash-loop guard: counts launches that started restoring and did not reach
/// ``RestorationStore/markLaunchFinished()``; after too many in a row, restoration state is
/// discarded so a bad payload cannot crash every launch (UIKit deletes preserved state after a
/// crash during launch).
///
/// The count lives in `launches.guard` next to the state, written durably before anything is
/// restored. Owned by its ``RestorationStore``; lives on the main actor.
@MainActor
final class LaunchGuard {
    struct Record: Codable, Sendable, Equatable {
        var unfinishedLaunches: Int
    }

    /// Launches that did not finish, at or beyond which state is discarded.
    let limit: Int
    private let store: DocumentStore<Record>
    private let logger: LifelineLogger
    private(set) var hasBegun = false
    private(set) var isFinished = false

    init(fileSystem: any FileSystem, directory: String, limit: Int, clock: any LifelineClock, logger: LifelineLogger) {
        self.limit = max(1, limit)
        self.logger = logger
        self.store = DocumentStore(
            storage: StorageEnvironment(fileSystem: fileSystem), path: FilePaths.join(directory, "launches.guard"),
            defaultValue: Record(unfinishedLaunches: 0), sizeLimit: 1024, keepsBackup: false,
            clock: clock, logger: logger, history: .off)
    }

    /// Counts this launch. Returns the number of unfinished launches before it if that reached
    /// the limit (the caller then discards state), else `nil`.
    func begin() -> Int? {
        guard !hasBegun else { return nil }
        hasBegun = true
        let previous = store.load().value.unfinishedLaunches
        let tripped = previous >= limit
        write(Record(unfinishedLaunches: tripped ? 1 : previous + 1))
        if tripped {
            logger.warning("\(previous, privacy: .public) launches in a row did not finish; discarding restoration state.")
        }
        return tripped ? previous : nil
    }

    /// Resets the count: this launch finished.
    func finish() {
        guard !isFinished else { return }
        isFinished = true
        write(Record(unfinishedLaunches: 0))
    }

    private func write(_ record: Record) {
        do throws(DurableStoreError) {
            try store.save(record)
        } catch {
            logger.error("Could not record the launch count: \(error.description, privacy: .public)")
        }
    }
}
