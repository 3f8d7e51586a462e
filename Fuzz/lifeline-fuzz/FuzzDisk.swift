import DurableState
import Foundation
import LifecycleSimulator

/// The simulator's in-memory disk as the stores' file system: an input becomes the file a store
/// finds at launch, and costs no I/O.
enum FuzzDisk {
    /// A file system whose only file is `data` at `path`.
    static func fileSystem(with data: Data, at path: String) -> SimulatedFileSystem {
        SimulatedDisk(image: DiskImage(files: [path: DiskImage.File(data: data, permissions: 0o600)])).mount()
    }

    /// The bytes `write` leaves at `path` on an empty disk whose only directory is `directory`:
    /// how the seeds are made, by the stores themselves.
    static func file(
        at path: String, in directory: String, after write: (SimulatedFileSystem) throws -> Void
    ) throws -> Data {
        let disk = SimulatedDisk(image: DiskImage(directories: [directory]))
        try write(disk.mount())
        guard let data = disk.currentImage.data(at: path) else { throw MissingSeed(path: path) }
        return data
    }
}

/// A store did not write the file its seed was to be read from.
struct MissingSeed: Error, CustomStringConvertible {
    let path: String
    var description: String { "nothing was written at \(path)" }
}
