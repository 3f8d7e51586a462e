/// The 64-bit FNV-1a hash: the simulator's trace hash (same trace text, same hash, on every run
/// and platform). A `Sendable` value.
public struct FNV1a64: Hashable, Sendable, CustomStringConvertible {
    /// The hash of everything combined so far.
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// The hash of nothing.
    public init() {}

    /// A hash whose value is `value`: one a worker process sent (`Search/Isolation`).
    package init(value: UInt64) {
        self.value = value
    }

    /// The hash of `text`'s UTF-8 bytes.
    public init(_ text: String) {
        combine(text)
    }

    /// Mixes in the UTF-8 bytes of `text`.
    public mutating func combine(_ text: String) {
        // Read in place where the text is contiguous; the same bytes either way.
        let start = value
        if let hashed = text.utf8.withContiguousStorageIfAvailable({ bytes -> UInt64 in
            var value = start
            for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return value
        }) {
            value = hashed
        } else {
            var value = start
            for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            self.value = value
        }
    }

    /// Mixes in the eight little-endian bytes of `number`.
    mutating func combine(_ number: Int) {
        combine(UInt64(bitPattern: Int64(number)))
    }

    /// Mixes in the UTF-8 bytes of `number` written in decimal (those of `String(number)`),
    /// without building the text.
    mutating func combine(decimal number: Int) {
        if number < 0 { combine(byte: UInt8(ascii: "-")) }
        var rest = number.magnitude
        var divisor: UInt = 1
        while rest / divisor >= 10 { divisor *= 10 }
        while true {
            combine(byte: UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            if divisor == 1 { return }
            divisor /= 10
        }
    }

    /// Mixes in one byte.
    public mutating func combine(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// Mixes in the eight little-endian bytes of `word`.
    public mutating func combine(_ word: UInt64) {
        var rest = word
        var value = self.value
        for _ in 0..<8 {
            value = (value ^ (rest & 0xFF)) &* 0x0000_0100_0000_01B3
            rest >>= 8
        }
        self.value = value
    }

    /// The hash as sixteen hexadecimal digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public var description: String { hex }
}
