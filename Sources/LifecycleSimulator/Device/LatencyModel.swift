/// How long the app's I/O and remote calls take on the virtual device, and how often the network
/// loses a request: one ``LatencyDistribution`` per kind of disk operation, one for a remote
/// call's round trip, and a failure rate. By default each schedule draws its own from its seed
/// (``random(_:)``; ``SimulationOptions/latency``), so the explorer's schedules run on fast and
/// slow devices, good and poor networks. A service's outages are not part of the model: they are
/// events of the schedule (``SimulationEvent/serviceDown(service:failing:)``), so that a repro
/// says when the service was down.
///
/// A synchronous disk call advances the device clock by its latency as a blocked main thread
/// would: timers that fall due meanwhile fire late, once it returns. A remote call made through
/// ``SimulatedRemoteService`` waits its latency on the virtual clock, so a kill, a suspension or
/// a scene's disconnection can land in the middle of it. A `Codable` value.
public struct LatencyModel: Hashable, Codable, Sendable {
    /// Reading a file.
    public var read: LatencyDistribution
    /// Writing a file.
    public var write: LatencyDistribution
    /// Syncing a file (`fsync`, `F_FULLFSYNC` on Apple platforms).
    public var fsync: LatencyDistribution
    /// Renaming a file.
    public var rename: LatencyDistribution
    /// Syncing a directory.
    public var directoryFsync: LatencyDistribution
    /// The other file-system calls: `stat`, listing, creating a directory, removing.
    public var metadata: LatencyDistribution
    /// A remote call's round trip.
    public var network: LatencyDistribution
    /// How many remote calls in a thousand fail (the request is lost: nothing happens on the
    /// service), for calls that may fail.
    public var networkFailurePerMille: Int
    /// Creates a model.
    public init(
        read: LatencyDistribution, write: LatencyDistribution, fsync: LatencyDistribution,
        rename: LatencyDistribution, directoryFsync: LatencyDistribution, metadata: LatencyDistribution,
        network: LatencyDistribution, networkFailurePerMille: Int = 0
    ) {
        self.read = read
        self.write = write
        self.fsync = fsync
        self.rename = rename
        self.directoryFsync = directoryFsync
        self.metadata = metadata
        self.network = network
        self.networkFailurePerMille = max(0, min(1_000, networkFailurePerMille))
    }

    /// Nothing takes time and no call fails: the device before latency was modelled.
    public static let none = LatencyModel(
        read: .instant, write: .instant, fsync: .instant, rename: .instant, directoryFsync: .instant,
        metadata: .instant, network: .instant
    )

    /// Whether no disk operation takes time.
    var hasInstantDisk: Bool {
        read.isInstant && write.isInstant && fsync.isInstant && rename.isInstant && directoryFsync.isInstant
            && metadata.isInstant
    }

    /// The distribution of `operation`.
    func distribution(of operation: StorageOperation) -> LatencyDistribution {
        switch operation {
        case .read: read
        case .write, .truncate, .truncateToWrite: write
        case .syncFile: fsync
        case .rename: rename
        case .syncDirectory: directoryFsync
        case .stat, .list, .makeDirectory, .remove, .create: metadata
        }
    }
}

extension LatencyModel: CustomStringConvertible {
    /// A short summary for traces: `disk fsync 1-5ms, network 30-150ms, 1.0% lost`.
    public var description: String {
        func range(_ distribution: LatencyDistribution) -> String {
            let low = Double(distribution.baseMicroseconds) / 1_000
            let high = Double(distribution.baseMicroseconds + distribution.spreadMicroseconds) / 1_000
            return "\(Self.format(low))-\(Self.format(high))ms"
        }
        var parts: [String] = []
        parts.append(hasInstantDisk ? "disk instant" : "disk fsync \(range(fsync))")
        if network.isInstant {
            parts.append("network instant")
        } else {
            parts.append("network \(range(network)), \(Self.format(Double(networkFailurePerMille) / 10))% lost")
        }
        return parts.joined(separator: ", ")
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
