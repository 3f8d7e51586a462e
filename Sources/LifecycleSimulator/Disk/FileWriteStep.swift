/// One of the disk operations a whole-file write is made of, as a real process writes a file in
/// place: `open(O_CREAT | O_TRUNC)`, then a `write(2)` loop of chunks of at most
/// ``SimulatedDisk/writeChunkSize`` bytes.
///
/// ``SimulatedFileSystem/writeFile(_:to:permissions:)`` runs each step as its own operation of
/// the disk, so a kill can land between two of them (``SimulatedDisk/kill(_:afterOperations:)``,
/// and the simulator's crash points, which count the same operations) and keeps what the steps
/// before it wrote, as the page cache keeps it through a real `SIGKILL`: a file that held data is
/// left empty after its truncation, or holding only the chunks written so far. A value,
/// `Sendable`; internal to the simulated disk and the device.
enum FileWriteStep: Sendable, Equatable {
    /// The file's old contents are cut to nothing (the `O_TRUNC` of opening a file that held
    /// data, to write new data over it).
    case truncate
    /// The bytes of `range` of the new data are written (the first of them also creates the file
    /// if it did not exist; a write of no bytes is one such step, `0..<0`).
    case write(Range<Int>)

    /// Whether writing `count` bytes over a file of `existingSize` bytes (`nil`: no file) starts
    /// with a truncation of its own: only when there are old bytes to cut and new bytes to
    /// write (writing nothing is the truncation itself, one step).
    static func truncates(count: Int, existingSize: Int?) -> Bool {
        count > 0 && (existingSize ?? 0) > 0
    }

    /// The end of the chunk that starts at `start` in data of `count` bytes.
    static func chunkEnd(from start: Int, count: Int) -> Int {
        min(count, start + SimulatedDisk.writeChunkSize)
    }
}
