import Foundation
import LifecycleSimulator

extension ExampleFiles {
    /// The bytes before the text: `c=`, sixteen hexadecimal digits, a newline.
    static let headerLength = 19

    /// A file's contents: `c=`, the FNV-1a checksum of `text` in sixteen lowercase hexadecimal
    /// digits, a newline, then `text`. Assembled in a temporary buffer (on the stack for small
    /// files) and copied once into the `Data`: the app writes a file on every save, and writing
    /// through `Data`'s own mutable bytes pays a dynamic exclusivity check per access.
    static func contents(of text: String) -> Data {
        let checksum = FNV1a64(text).value
        var text = text
        return text.withUTF8 { utf8 in
            let count = headerLength + utf8.count
            // Safe because the buffer is fully initialized below before it is read, and only
            // read inside the closure, to copy it into the `Data`.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
                buffer[0] = UInt8(ascii: "c")
                buffer[1] = UInt8(ascii: "=")
                for position in 0..<16 { buffer[2 + position] = hexDigit(of: checksum, at: position) }
                buffer[headerLength - 1] = UInt8(ascii: "\n")
                _ = UnsafeMutableBufferPointer(rebasing: buffer[headerLength...]).initialize(fromContentsOf: utf8)
                return Data(buffer: UnsafeBufferPointer(buffer))
            }
        }
    }

    /// The text of a file written by ``contents(of:)``: `nil` without the checksum line, when the
    /// checksum does not match the text, or when the file is not valid UTF-8.
    static func text(of contents: Data) -> String? {
        // Safe because the bytes are only read inside the closure and never escape it.
        return contents.withUnsafeBytes { bytes -> String? in
            guard bytes.count >= headerLength, bytes[0] == UInt8(ascii: "c"), bytes[1] == UInt8(ascii: "="),
                  bytes[headerLength - 1] == UInt8(ascii: "\n")
            else { return nil }
            let text = UnsafeRawBufferPointer(rebasing: bytes[headerLength...])
            var checksum = FNV1a64()
            for byte in text { checksum.combine(byte: byte) }
            guard isChecksum(bytes[2..<headerLength - 1], of: checksum.value) else { return nil }
            return String(validating: text, as: UTF8.self)
        }
    }

    /// Whether `digits` are the sixteen lowercase hexadecimal digits of `checksum`. Parsed into
    /// a number and compared once, rather than formatting each expected digit (checked on every read).
    static func isChecksum(_ digits: some Collection<UInt8>, of checksum: UInt64) -> Bool {
        var count = 0
        var value: UInt64 = 0
        for digit in digits {
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
            default: return false
            }
            guard count < 16 else { return false }
            value = value << 4 | UInt64(nibble)
            count += 1
        }
        return count == 16 && value == checksum
    }

    /// The lowercase hexadecimal digit at `position` (0 = most significant) of `value`.
    static func hexDigit(of value: UInt64, at position: Int) -> UInt8 {
        let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * position)) & 0xF
        return nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
