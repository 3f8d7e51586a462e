import CampusLibrary
import DurableState
import Lifecycle
import LifecycleSimulator

/// The catalogue of one process, by the run's variant (``SimulatedApp/variants``): the app's
/// embedded default or its real remote catalogue over the simulated Open Library, over the
/// bundled catalogue on the device (the app's `SQLiteCatalogue`, from a database the device holds).
extension CampusIncarnation {
    /// The embedded default: the bundled catalogue, its calls through service `catalogue` (``NetworkedCatalogue``).
    package static let bundledCatalogue = "bundled catalogue"
    /// The app's `OpenLibraryCatalogue` (as `--remote-catalogue URL` makes it) over
    /// ``SimulatedOpenLibrary`` (service `open library`), falling back to the bundled catalogue,
    /// its 10-second deadline on the virtual clock: windows then hold books only it knows.
    package static let remoteCatalogue = "remote catalogue"
    /// The variants runs spread over.
    static let variants = [bundledCatalogue, remoteCatalogue]
    /// The books of the bundled catalogue: the only ones that exist in the bundled variant.
    static let bundledBookIDs = Set(books.map(\.id))

    /// The catalogue of the process `environment` describes, in its run's variant, over `local`
    /// (the bundled catalogue on the device), watched for the invariants.
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

    /// The catalogue on the device, as the composition root builds it: every page it reads takes
    /// the run's disk latency; a damaged file is rebuilt from the bundled books. Its background
    /// `PRAGMA quick_check` is off: it runs off the main actor, where the simulated disk refuses calls.
    static func localCatalogue(_ environment: SimulationEnvironment) -> SQLiteCatalogue {
        SQLiteCatalogue(
            path: cataloguePath, runtime: environment.runtime, storage: environment.storage,
            checksIntegrityInBackground: false, logger: environment.logger, seed: { books }
        )
    }

    /// The device's disk before each run's first launch: the catalogue database an earlier launch
    /// built, built once per process (it costs far more than a schedule) and copied into each
    /// run's disk. Should that fail, every run's first launch builds it, as on a new device.
    static let deviceImage = (try? DiskImage.built { fileSystem in
        try fileSystem.createDirectory(at: dataDirectory, permissions: 0o700)
        try SQLiteCatalogue.build(at: cataloguePath, books: books, storage: fileSystem.storage)
    }) ?? DiskImage()
}
