import CampusLibrary
import Lifecycle
import LifecycleSimulator

/// The catalogue of one process, by the run's variant (``SimulatedApp/variants``): the app's
/// embedded default, or its real remote catalogue over the simulated Open Library.
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
    static func makeCatalogue(for environment: SimulationEnvironment, bugs: Set<CampusBug>) -> CheckedCatalogue {
        guard environment.variant == remoteCatalogue else {
            let networked = NetworkedCatalogue(localCatalogue(), network: environment.remoteService("catalogue"))
            return CheckedCatalogue(networked, exists: bundledBookIDs.contains) { _ in nil }
        }
        let service = SimulatedOpenLibrary(network: environment.remoteService(SimulatedOpenLibrary.serviceName), clock: environment.clock)
        let remote = OpenLibraryCatalogue(
            baseURL: SimulatedOpenLibrary.baseURL, transport: service, clock: environment.clock,
            fallback: localCatalogue(), logger: environment.logger
        )
        remote.plantedBugs = bugs
        return CheckedCatalogue(remote, exists: bookIDs.contains, lookupFailure: service.lookupFailure(of:))
    }

    /// The library's own catalogue on the device: the bundled books, a copy per process.
    static func localCatalogue() -> any CatalogueService {
        InMemoryCatalogue(copying: catalogue)
    }
}
