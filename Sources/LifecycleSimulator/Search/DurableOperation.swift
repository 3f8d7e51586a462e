/// One storage operation that changed or synced the disk during a run, where a crash point can be
/// placed: its step, its number among the step's operations (as
/// ``SimulationEvent/crashDuringNextStep(atOperation:death:)`` counts them) and its site (the
/// kind of operation and the file, digits of the path folded, so `S1.txt` and `S2.txt` are one
/// site). Recorded only by the explorer's searches. A value.
struct DurableOperation: Hashable, Sendable {
    var step: Int
    var index: Int
    var site: UInt64

    /// The site of `operation` on `path`: a hash of the operation's name and the path with every
    /// run of digits folded into one `#`.
    static func site(_ operation: StorageOperation, path: String) -> UInt64 {
        var hash = FNV1a64()
        hash.combine(operation.name)
        hash.combine(byte: 0)
        var inDigits = false
        for byte in path.utf8 {
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if !isDigit {
                hash.combine(byte: byte)
            } else if !inDigits {
                hash.combine(byte: UInt8(ascii: "#"))
            }
            inDigits = isDigit
        }
        return hash.value
    }
}
