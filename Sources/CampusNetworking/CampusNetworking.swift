import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a request ended, as the completion reports it (`kind`).
enum Outcome: Int32 {
    /// A response: `status` and `body` are set.
    case response = 0
    /// The request failed; `message` says why (no user data).
    case failed = 1
    /// The body grew past the caller's limit; the rest was not read.
    case tooLarge = 2
    /// The caller cancelled the request.
    case cancelled = 3
}

/// The completion's C type: `(context, kind, status, body, length, message)`.
typealias Completion = @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafePointer<UInt8>?, Int, UnsafePointer<CChar>?) -> Void

/// The Campus Library's HTTP plugin: `URLSession` behind a C entry point, built as its own
/// dynamic library and loaded (`dlopen`) only when the app first talks to a remote catalogue.
///
/// Why: on Linux, `FoundationNetworking` brings libcurl and its TLS stack — about thirty shared
/// libraries that cost ~30 ms at every process start. Nothing expensive belongs before the first
/// frame, and most launches never touch the network, so the app links none of it.
///
/// Starts a GET of `url` and returns its identifier for ``campusNetworkingCancel(_:)`` (0 when
/// it could not start; the completion has then been called already). The body
/// is read only up to `maximumBodySize` bytes (a longer one ends the request as too large).
/// `completion(context, kind, status, body, length, message)` is called exactly once, on a
/// URLSession queue, with an ``Outcome`` as `kind`; `body` and `message` are only valid during the
/// call. The caller enforces its own deadline by cancelling; the request's idle timeout is only a
/// backstop against a request nobody cancels.
@_cdecl("campus_networking_start")
public func campusNetworkingStart(
    _ url: UnsafePointer<CChar>,
    _ maximumBodySize: Int,
    _ context: UnsafeMutableRawPointer?,
    _ completion: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafePointer<UInt8>?, Int, UnsafePointer<CChar>?) -> Void
) -> UInt64 {
    let callback = Callback(context: context, function: completion)
    guard let target = URL(string: String(cString: url)) else {
        callback.finish(.failed, message: "malformed URL")
        return 0
    }
    var request = URLRequest(url: target, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 120)
    request.setValue("CampusLibrary/1 (Lifeline reference app)", forHTTPHeaderField: "User-Agent")
    return transfers.start(request, maximumBodySize: max(maximumBodySize, 0), callback: callback)
}

/// Cancels the request `identifier` started: its completion then reports ``Outcome/cancelled``
/// (unless it had already finished). Unknown or finished identifiers are ignored.
@_cdecl("campus_networking_cancel")
public func campusNetworkingCancel(_ identifier: UInt64) {
    transfers.cancel(identifier)
}

/// The requests in flight and the session that runs them, for the life of the process.
private let transfers = Transfers()

/// One session for every request (no cookies, no credentials, no response cache: a search must
/// reflect the catalogue now; offline, the app falls back to its local catalogue) and the state
/// of each request in flight, keyed by the task's identifier.
// Safe because every mutable field is behind `state`'s mutex; `session` is set once in `init`.
private final class Transfers: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Transfer {
        let callback: Callback
        let limit: Int
        let task: URLSessionTask
        var body = Data()
        var isTooLarge = false
        var isCancelled = false
    }

    private let state = Mutex<[Int: Transfer]>([:])
    private var session: URLSession!

    override init() {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    func start(_ request: URLRequest, maximumBodySize: Int, callback: Callback) -> UInt64 {
        let task = session.dataTask(with: request)
        state.withLock { $0[task.taskIdentifier] = Transfer(callback: callback, limit: maximumBodySize, task: task) }
        task.resume()
        // Identifiers start at 1: 0 is the request that never started.
        return UInt64(task.taskIdentifier) + 1
    }

    func cancel(_ identifier: UInt64) {
        let task: URLSessionTask? = state.withLock { transfers in
            guard identifier > 0, let key = Int(exactly: identifier - 1), transfers[key] != nil else { return nil }
            transfers[key]?.isCancelled = true
            return transfers[key]?.task
        }
        task?.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = state.withLock { transfers in
            guard let limit = transfers[dataTask.taskIdentifier]?.limit, response.expectedContentLength > Int64(limit) else { return false }
            transfers[dataTask.taskIdentifier]?.isTooLarge = true
            return true
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let key = dataTask.taskIdentifier
        // Mutated in place (through the optional), so the body is not copied for every chunk.
        let tooLarge = state.withLock { transfers in
            guard transfers[key]?.isTooLarge == false, let limit = transfers[key]?.limit, let size = transfers[key]?.body.count else {
                return false
            }
            guard size + data.count <= limit else {
                transfers[key]?.isTooLarge = true
                transfers[key]?.body = Data()
                return true
            }
            transfers[key]?.body.append(data)
            return false
        }
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = state.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if transfer.isTooLarge {
            transfer.callback.finish(.tooLarge, message: "larger than \(transfer.limit) bytes")
        } else if transfer.isCancelled {
            transfer.callback.finish(.cancelled, message: "cancelled")
        } else if let error {
            transfer.callback.finish(.failed, message: (error as? URLError).map { "URL error \($0.code.rawValue)" } ?? "\(type(of: error))")
        } else {
            let status = (task.response as? HTTPURLResponse)?.statusCode ?? 0
            transfer.callback.succeed(status: status, body: transfer.body)
        }
    }
}

/// The caller's context and completion function, handed to URLSession's queue.
// Safe because the caller's context is only passed back to its own completion function, exactly
// once, and never dereferenced here; C function pointers are immutable.
private struct Callback: @unchecked Sendable {
    let context: UnsafeMutableRawPointer?
    let function: Completion

    func finish(_ outcome: Outcome, message: String) {
        message.withCString { function(context, outcome.rawValue, 0, nil, 0, $0) }
    }

    func succeed(status: Int, body: Data) {
        body.withUnsafeBytes { bytes in
            function(context, Outcome.response.rawValue, Int32(clamping: status), bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, nil)
        }
    }
}
