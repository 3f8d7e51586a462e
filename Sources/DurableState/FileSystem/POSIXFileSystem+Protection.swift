#if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
import Foundation

extension POSIXFileSystem {
    /// Gives the file at `path` the class's `FileProtectionType`
    /// (https://developer.apple.com/documentation/foundation/fileprotectiontype), through
    /// `FileManager.setAttributes`: the system then enforces the class.
    /// - Throws: ``FileSystemError/io(path:operation:code:)`` with Foundation's error code; the
    ///   file's contents are as written, its class as it was.
    public func setProtection(_ protection: DataProtection, at path: String) throws(FileSystemError) {
        let type: FileProtectionType = switch protection {
        case .complete: .complete
        case .completeUnlessOpen: .completeUnlessOpen
        case .completeUntilFirstUserAuthentication: .completeUntilFirstUserAuthentication
        case .none: .none
        }
        do {
            try FileManager.default.setAttributes([.protectionKey: type], ofItemAtPath: path)
        } catch {
            throw .io(path: path, operation: "set protection \(protection)", code: Int32(clamping: (error as NSError).code))
        }
    }
}
#endif
