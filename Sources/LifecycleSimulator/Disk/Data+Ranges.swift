import Foundation

extension Data {
    /// Overwrites the bytes at `offset` (from the start) with `bytes`, in place, growing the
    /// data first — zero-filled — if it ends before `offset + bytes.count` (what `pwrite` does to
    /// a file).
    mutating func write(_ bytes: Data, at offset: Int) {
        let end = offset + bytes.count
        if count < end { count = end }
        let start = startIndex + offset
        replaceSubrange(start..<(start + bytes.count), with: bytes)
    }

    /// Copies the bytes from `offset` (from the start) into `buffer`, as many as fit and exist;
    /// returns how many.
    func copyBytes(to buffer: UnsafeMutableRawBufferPointer, fromOffset offset: Int) -> Int {
        guard offset >= 0, offset < count else { return 0 }
        let length = Swift.min(buffer.count, count - offset)
        let start = startIndex + offset
        return copyBytes(to: buffer, from: start..<(start + length))
    }
}
