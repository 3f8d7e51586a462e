import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `URLSession` through the `CampusNetworking` plugin, a dynamic library next to the executable
/// that is loaded (`dlopen`) on the first request rather than linked: on Linux, linking
/// FoundationNetworking would load libcurl and its TLS stack (some thirty libraries, ~30 ms) at
/// every launch, and most launches never touch the network.
///
/// A cancelled request returns at once and the plugin cancels its URLSession task; the body is
/// read only up to the caller's limit. A `Sendable` value; each plugin file is loaded once per
/// process (behind a mutex) and stays loaded.
public struct PluginHTTPTransport: HTTPTransport {
    typealias Completion = @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafePointer<UInt8>?, Int, UnsafePointer<CChar>?) -> Void
    typealias Start = @convention(c) (UnsafePointer<CChar>, Int, UnsafeMutableRawPointer?, Completion) -> UInt64
    typealias Cancel = @convention(c) (UInt64) -> Void

    /// Where the plugin is looked for: the directory of the running executable.
    public let directory: URL

    /// A transport using the plugin in `directory` (by default, next to the executable).
    public init(directory: URL? = nil) {
        self.directory = directory ?? Bundle.main.executableURL?.deletingLastPathComponent() ?? URL(fileURLWithPath: ".")
    }

    /// The plugin's file name on this platform.
    public static var libraryName: String {
        #if canImport(Darwin)
        "libCampusNetworking.dylib"
        #else
        "libCampusNetworking.so"
        #endif
    }

    /// GETs `url` through the plugin, loading it on first use.
    public func get(_ url: URL, maximumBodySize: Int, cancellation: HTTPCancellation) async throws(HTTPTransportError) -> HTTPResponse {
        let plugin = try Self.load(from: directory.appendingPathComponent(Self.libraryName).path)
        guard !cancellation.isCancelled else { throw .cancelled }
        let request = PluginRequest(limit: maximumBodySize)
        let result: Result<HTTPResponse, HTTPTransportError> = await withCheckedContinuation { continuation in
            request.install(continuation)
            // The completion owns this reference and releases it, whenever the plugin calls it.
            let context = Unmanaged.passRetained(request).toOpaque()
            let identifier = url.absoluteString.withCString { plugin.start($0, maximumBodySize, context, Self.complete) }
            cancellation.onCancel {
                request.finish(.failure(.cancelled))
                plugin.cancel(identifier)
            }
        }
        return try result.get()
    }

    /// The plugin's completion; `kind` is its `Outcome`: 0 a response, 1 a failure, 2 a body over
    /// the limit, 3 cancelled.
    private static let complete: Completion = { context, kind, status, body, length, message in
        guard let context else { return }
        let request = Unmanaged<PluginRequest>.fromOpaque(context).takeRetainedValue()
        let text = message.map { String(cString: $0) } ?? "unknown error"
        switch kind {
        case 0:
            let data = body.map { Data(bytes: $0, count: length) } ?? Data()
            request.finish(.success(HTTPResponse(status: Int(status), body: data)))
        case 2:
            request.finish(.failure(.bodyTooLarge(limit: request.limit)))
        case 3:
            request.finish(.failure(.cancelled))
        default:
            request.finish(.failure(.failed(text)))
        }
    }

    /// Entry points of the plugins loaded so far, by path.
    private static let loaded = Mutex<[String: LoadedPlugin]>([:])

    private static func load(from path: String) throws(HTTPTransportError) -> LoadedPlugin {
        let outcome: Result<LoadedPlugin, HTTPTransportError> = loaded.withLock { loaded in
            if let plugin = loaded[path] { return .success(plugin) }
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                return .failure(.unavailable(dlerror().map { String(cString: $0) } ?? "cannot load \(path)"))
            }
            guard let start = dlsym(handle, "campus_networking_start"), let cancel = dlsym(handle, "campus_networking_cancel") else {
                return .failure(.unavailable("\(path) has no campus_networking_start / campus_networking_cancel"))
            }
            let plugin = LoadedPlugin(start: unsafeBitCast(start, to: Start.self), cancel: unsafeBitCast(cancel, to: Cancel.self))
            loaded[path] = plugin
            return .success(plugin)
        }
        return try outcome.get()
    }
}

/// The plugin's entry points, once loaded.
// Safe because C function pointers are immutable addresses, valid for as long as the library
// stays loaded, which is the life of the process (it is never closed).
struct LoadedPlugin: @unchecked Sendable {
    let start: PluginHTTPTransport.Start
    let cancel: PluginHTTPTransport.Cancel
}

/// One request through the plugin: its continuation, resumed exactly once — by the plugin's
/// completion or, earlier, by a cancellation — and carried through the plugin as an opaque,
/// retained pointer. `Sendable`: the continuation is behind a mutex.
final class PluginRequest: Sendable {
    private let continuation = Mutex<CheckedContinuation<Result<HTTPResponse, HTTPTransportError>, Never>?>(nil)
    /// The body limit of the request, for the error that reports it.
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func install(_ continuation: CheckedContinuation<Result<HTTPResponse, HTTPTransportError>, Never>) {
        self.continuation.withLock { $0 = continuation }
    }

    /// Resumes the caller with `result` unless it was resumed already.
    func finish(_ result: Result<HTTPResponse, HTTPTransportError>) {
        let waiting = continuation.withLock { slot in
            defer { slot = nil }
            return slot
        }
        waiting?.resume(returning: result)
    }
}
