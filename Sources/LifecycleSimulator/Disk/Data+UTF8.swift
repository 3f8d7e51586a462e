import Foundation

extension Data {
    /// The UTF-8 bytes of `text`, copied in one go. `Data(text.utf8)` takes Foundation's generic
    /// sequence path, which looks up protocol conformances at run time on every call; the
    /// example app's storage encodes every file and payload it writes.
    init(utf8Of text: String) {
        var text = text
        self = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return Data() }
            return Data(bytes: base, count: bytes.count)
        }
    }
}
