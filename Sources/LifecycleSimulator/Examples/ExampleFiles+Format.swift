import Foundation

extension ExampleFiles {
    /// The bytes before the text: `c=`, sixteen hexadecimal digits, a newline.
    static let headerLength = 19

    /// A file's contents: `c=`, the FNV-1a checksum of `text` in sixteen lowercase hexadecimal
    /// digits, a newline, then `text`. Built as bytes: the app writes a file on every save.
    static func contents(of text: String) -> Data {
        let checksum = FNV1a64(text).value
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerLength + text.utf8.count)
        bytes.append(UInt8(ascii: "c"))
        bytes.append(UInt8(ascii: "="))
        for position in 0..<16 { bytes.append(hexDigit(of: checksum, at: position)) }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: text.utf8)
        // Safe because the buffer is only read inside the closure, to copy it into the `Data`.
        return bytes.withUnsafeBufferPointer { Data(buffer: $0) }
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

    /// Whether `digits` are the sixteen lowercase hexadecimal digits of `checksum`.
    static func isChecksum(_ digits: some Collection<UInt8>, of checksum: UInt64) -> Bool {
        var position = 0
        for digit in digits {
            guard position < 16, digit == hexDigit(of: checksum, at: position) else { return false }
            position += 1
        }
        return position == 16
    }

    /// The lowercase hexadecimal digit at `position` (0 = most significant) of `value`.
    static func hexDigit(of value: UInt64, at position: Int) -> UInt8 {
        let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * position)) & 0xF
        return nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
