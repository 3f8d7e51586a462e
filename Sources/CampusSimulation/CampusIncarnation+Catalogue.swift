import CampusLibrary
import DurableState
import Lifecycle
import LifecycleSimulator

/// The catalogue of one process, by the run's variant (``SimulatedApp/variants``): the app's
/// embedded default, or its real remote catalogue over the simulated Open Library. Either way the
/// bundled catalogue on the device is the app's real `SQLiteCatalogue` (SQLite with FTS5) on the
/// incarnation's file system, opened from a database the device already holds.
extension CampusIncarnation {
    /// The embedded default: the bundled catalogue on the device, its calls through the device's
    /// network as service `catalogue` (``NetworkedCatalogue``).
    package static let bundledCatalogue = "bundled catalogue"
    /// The app's `OpenLibraryCatalogue` (as `--remote-catalogue URL` makes it) over
    /// ``SimulatedOpenLibrary`` (service `open library`), falling back to the bundled
    /// catalogue on the device, its 10-second deadline on the virtual clock. Windows then hold
    /// books only the remote catalogue knows.
    package static let remoteCatalogue = "remote catalogue"
    /// The variants runs spread over.
    static let variants = [bundledCatalogue, remoteCatalogue]
    /// The books of the bundled catalogue: the only ones that exist in the bundled variant.
    static let bundledBookIDs = Set(books.map(\.id))

    /// The catalogue of the process `environment` describes, in its run's variant, watched for
    /// the invariants.
    /// `local` is the bundled catalogue on the device.
    static func makeCatalogue(for environment: SimulationEnvironment, local: SQLiteCatalogue, bugs: Set<CampusBug>) -> CheckedCatalogue {
        guard environment.variant == remoteCatalogue else {
            let networked = NetworkedCatalogue(local, network: environment.remoteService("catalogue"))
            return CheckedCatalogue(networked, exists: bundledBookIDs.contains) { _ in nil }
        }
        let service = SimulatedOpenLibrary(network: environment.remoteService(SimulatedOpenLibrary.serviceName), clock: environment.clock)
        let remote = OpenLibraryCatalogue(
            baseURL: SimulatedOpenLibrary.baseURL, transport: service, clock: environment.clock,
            fallback: local, logger: environment.logger
        )
        remote.plantedBugs = bugs
        return CheckedCatalogue(remote, exists: bookIDs.contains, lookupFailure: service.lookupFailure(of:))
    }

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
