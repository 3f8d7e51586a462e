import DurableState
import Foundation

/// The new-arrivals shelf kept in a file of its own, as two planted bugs keep it
/// (``CampusBug/lockedShelfReadAsEmpty``, ``CampusBug/lockedShelfWriteLost``); the correct app
/// keeps it in the preferences, readable after the first unlock. Its reads and writes are the
/// bugs': a read the class refuses is "no shelf yet", and a write it refuses is given up.
///
/// Made by the composition root when one of the bugs is planted; a `Sendable` value used on the
/// main actor by ``NewArrivalsService``.
struct PlantedShelfFile: Sendable {
    /// The shelf's file.
    let file: DurableFile

    /// The file's path.
    var path: String { file.path }

    /// The shelf file of `bugs` in `directory`, or `nil` when neither bug is planted.
    init?(bugs: Set<CampusBug>, storage: StorageEnvironment, directory: String) {
        // lockedShelfReadAsEmpty: "complete unless open, so the refresh can write it while locked";
        // lockedShelfWriteLost: "complete, the shelf is what the student browses".
        let protection: DataProtection
        if bugs.contains(.lockedShelfReadAsEmpty) {
            protection = .completeUnlessOpen
        } else if bugs.contains(.lockedShelfWriteLost) {
            protection = .complete
        } else {
            return nil
        }
        file = DurableFile(fileSystem: storage.fileSystem(protectedBy: protection), path: FilePaths.join(directory, "new-arrivals.json"))
    }

    /// The stored shelf and what reading it found; empty when there is none — or, the bug, when
    /// it cannot be read now.
    func read() -> (shelf: [BookID], outcome: LoadOutcome) {
        let data: Data
        do {
            data = try file.read()
        } catch .notFound {
            return ([], .loaded)
        } catch {
            return ([], .unreadable(path: file.path, cause: error))
        }
        return ((try? JSONDecoder().decode([BookID].self, from: data)) ?? [], .loaded)
    }

    /// Stores `shelf`.
    /// - Throws: `DurableWriteError` (a refused write among them); the stored shelf is as it was.
    func write(_ shelf: [BookID]) throws {
        try file.replace(with: JSONEncoder().encode(shelf))
    }
}
