import CampusLibrary
import DurableState
import LifecycleSimulator

/// The bundled catalogue on the simulated device: the app's real `SQLiteCatalogue` (SQLite with
/// FTS5) on the incarnation's file system, opened from a database the device already holds.
extension CampusIncarnation {
    /// Where the catalogue's database is on the device.
    static let cataloguePath = dataDirectory + "/catalogue.sqlite"

    /// The catalogue on the device, as the app's composition root would build it on its
    /// production file system: every page it reads takes the run's disk latency, and a damaged
    /// file is moved aside and rebuilt from the bundled books (decoded once per process).
    ///
    /// Its background `PRAGMA quick_check` is off: it runs on a connection of its own off the
    /// main actor, where the simulated disk refuses calls.
    static func localCatalogue(_ environment: SimulationEnvironment) -> SQLiteCatalogue {
        SQLiteCatalogue(
            path: cataloguePath, runtime: environment.runtime, fileSystem: environment.fileSystem,
            checksIntegrityInBackground: false, logger: environment.logger, seed: { books }
        )
    }

    /// The device's disk before each run's first launch: the catalogue database an earlier launch
    /// built from the bundled books, as every later launch finds it. Built once per process on a
    /// disk of its own (building it costs far more than a whole schedule), then copied into each
    /// run's disk. Should that fail, every run starts from an empty disk, and its first launch
    /// builds the catalogue as on a new device.
    static let deviceImage: DiskImage = {
        let disk = SimulatedDisk()
        let fileSystem = disk.mount()
        do {
            try fileSystem.createDirectory(at: dataDirectory, permissions: 0o700)
            try SQLiteCatalogue.build(at: cataloguePath, books: books, fileSystem: fileSystem)
        } catch {
            return DiskImage()
        }
        return disk.currentImage
    }()
}
