import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Campus Library's HTTP plugin: `URLSession` behind a C entry point, built as its own
/// dynamic library and loaded (`dlopen`) only when the app first talks to a remote catalogue.
///
/// Why: on Linux, `FoundationNetworking` brings libcurl and its TLS stack — about thirty shared
/// libraries that cost ~30 ms at every process start. Nothing expensive belongs before the first
/// frame, and most launches never touch the network, so the app links none of it.
///
/// `completion(context, status, body, length, error)` is called exactly once, on a URLSession
/// queue: with the HTTP status and body, or with status 0 and a message (no user data) when the
/// request failed. `body` is only valid during the call.
@_cdecl("campus_networking_get")
public func campusNetworkingGet(
    _ url: UnsafePointer<CChar>,
    _ timeout: Double,
    _ context: UnsafeMutableRawPointer?,
    _ completion: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<UInt8>?, Int, UnsafePointer<CChar>?) -> Void
) {
    let callback = Callback(context: context, function: completion)
    guard let target = URL(string: String(cString: url)) else {
        callback.fail("malformed URL")
        return
    }
    var request = URLRequest(url: target, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    request.setValue("CampusLibrary/1 (Lifeline reference app)", forHTTPHeaderField: "User-Agent")
    session.dataTask(with: request) { data, response, error in
        if let error {
            callback.fail((error as? URLError).map { "URL error \($0.code.rawValue)" } ?? "\(type(of: error))")
            return
        }
        callback.succeed(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data ?? Data())
    }.resume()
}

/// One session for every request: no cookies, no credentials and no response cache (a search
/// must reflect the catalogue now; offline, the app falls back to its local catalogue).
private let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return URLSession(configuration: configuration)
}()

/// The caller's context and completion function, handed to URLSession's queue.
// Safe because the caller's context is only passed back to its own completion function, exactly
// once, and never dereferenced here; C function pointers are immutable.
private struct Callback: @unchecked Sendable {
    let context: UnsafeMutableRawPointer?
    let function: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<UInt8>?, Int, UnsafePointer<CChar>?) -> Void

    func fail(_ message: String) {
        message.withCString { function(context, 0, nil, 0, $0) }
    }

    func succeed(status: Int, body: Data) {
        body.withUnsafeBytes { bytes in
            function(context, Int32(clamping: status), bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, nil)
        }
    }
}
