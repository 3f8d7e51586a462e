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
/// A `Sendable` value; each plugin file is loaded once per process (behind a mutex) and stays loaded.
public struct PluginHTTPTransport: HTTPTransport {
    typealias Completion = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<UInt8>?, Int, UnsafePointer<CChar>?) -> Void
    typealias Entry = @convention(c) (UnsafePointer<CChar>, Double, UnsafeMutableRawPointer?, Completion) -> Void

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
    public func get(_ url: URL, timeout: Duration) async throws(HTTPTransportError) -> HTTPResponse {
        let entry = try Self.load(from: directory.appendingPathComponent(Self.libraryName).path)
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let result: Result<HTTPResponse, HTTPTransportError> = await withCheckedContinuation { continuation in
            let box = Unmanaged.passRetained(ContinuationBox(continuation)).toOpaque()
            url.absoluteString.withCString { entry.function($0, seconds, box, Self.complete) }
        }
        return try result.get()
    }

    private static let complete: Completion = { context, status, body, length, error in
        guard let context else { return }
        let box = Unmanaged<ContinuationBox>.fromOpaque(context).takeRetainedValue()
        if let error {
            box.continuation.resume(returning: .failure(.failed(String(cString: error))))
        } else {
            let data = body.map { Data(bytes: $0, count: length) } ?? Data()
            box.continuation.resume(returning: .success(HTTPResponse(status: Int(status), body: data)))
        }
    }

    /// Entry points of the plugins loaded so far, by path.
    private static let loaded = Mutex<[String: LoadedEntry]>([:])

    private static func load(from path: String) throws(HTTPTransportError) -> LoadedEntry {
        let outcome: Result<LoadedEntry, HTTPTransportError> = loaded.withLock { loaded in
            if let entry = loaded[path] { return .success(entry) }
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                return .failure(.unavailable(dlerror().map { String(cString: $0) } ?? "cannot load \(path)"))
            }
            guard let symbol = dlsym(handle, "campus_networking_get") else {
                return .failure(.unavailable("\(path) has no campus_networking_get"))
            }
            let entry = LoadedEntry(function: unsafeBitCast(symbol, to: Entry.self))
            loaded[path] = entry
            return .success(entry)
        }
        return try outcome.get()
    }
}

/// The plugin's entry point, once loaded.
// Safe because a C function pointer is an immutable address, valid for as long as the library
// stays loaded, which is the life of the process (it is never closed).
struct LoadedEntry: @unchecked Sendable {
    let function: PluginHTTPTransport.Entry
}

/// A request's continuation, carried through the plugin as an opaque, retained pointer and
/// resumed exactly once by the completion. `Sendable`: the continuation is.
final class ContinuationBox: Sendable {
    let continuation: CheckedContinuation<Result<HTTPResponse, HTTPTransportError>, Never>

    init(_ continuation: CheckedContinuation<Result<HTTPResponse, HTTPTransportError>, Never>) {
        self.continuation = continuation
    }
}
