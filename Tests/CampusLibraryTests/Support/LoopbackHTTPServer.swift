import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on a POSIX socket bound to 127.0.0.1, for tests of the remote
/// catalogue: a real socket, so requests go through the networking plugin and URLSession as in
/// the app. It answers each request with the handler's ``Reply`` — on time or late, whole, cut
/// short, or reset mid-body — and records the request targets. One thread per connection,
/// `Connection: close`. Never reaches the network. Thread-safe: state is behind mutexes.
final class LoopbackHTTPServer: Sendable {
    /// How to answer one request.
    struct Reply: Sendable {
        /// How the connection ends.
        enum Ending: Sendable {
            /// The whole response is sent, then the connection is closed.
            case complete
            /// After the head and `bytes` bytes of the body, the connection is reset (RST).
            case resetAfter(bytes: Int)
        }

        var status: Int
        var contentType = "application/json"
        var body: Data
        /// How long the server waits before answering (cut short when the server stops).
        var delay: Duration = .zero
        var ending: Ending = .complete
        /// Whether the head gives the body's length; without it the body ends when the connection
        /// closes, so the client cannot know its size in advance.
        var statesLength = true

        init(
            status: Int = 200, contentType: String = "application/json", body: Data, delay: Duration = .zero,
            ending: Ending = .complete, statesLength: Bool = true
        ) {
            self.status = status
            self.contentType = contentType
            self.body = body
            self.delay = delay
            self.ending = ending
            self.statesLength = statesLength
        }

        /// A JSON body with status 200.
        static func json(_ body: Data) -> Reply { Reply(body: body) }
    }

    typealias Handler = @Sendable (_ target: String) -> Reply

    let port: UInt16
    private let listener: Int32
    private let handler: Handler
    private let targets = Mutex<[String]>([])
    private let stopped = Mutex(false)

    /// Listens on `port` (0: an ephemeral one). Reusing the port of a stopped server is allowed.
    init(port: UInt16 = 0, handler: @escaping Handler) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestFailure("socket failed") }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw TestFailure("bind/listen on port \(port) failed (errno \(errno))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// A server answering every request with `reply`.
    convenience init(port: UInt16 = 0, always reply: Reply) throws {
        try self.init(port: port) { _ in reply }
    }

    /// The base URL of the server.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/unreachable") }

    /// The request targets (path and query) received so far.
    var requestedTargets: [String] { targets.withLock { $0 } }

    /// Stops accepting (later connections are refused) and cuts delayed replies short. The accept
    /// thread closes the socket when it leaves, so its descriptor number cannot be reused by
    /// another server while it runs.
    func stop() {
        let wasStopped = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        // Only once: after the first call the descriptor may already belong to someone else.
        if !wasStopped { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    /// Waits (in real time, up to `timeout`) until the server has received `count` requests.
    func waitForRequests(_ count: Int = 1, timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        while requestedTargets.count < count {
            guard ContinuousClock.now < deadline else { throw TestFailure("the server received \(requestedTargets.count) of \(count) requests") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    private var isStopped: Bool { stopped.withLock { $0 } }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            let worker = Thread { [self] in
                serve(connection)
                close(connection)
            }
            worker.start()
        }
    }

    private func serve(_ connection: Int32) {
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.containsHeaderEnd {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            request += buffer[0..<count]
        }
        let line = String(decoding: request.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        let target = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        targets.withLock { $0.append(target) }
        let reply = handler(target)
        let deadline = ContinuousClock.now + reply.delay
        while ContinuousClock.now < deadline {
            if isStopped { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
        let length = reply.statesLength ? "Content-Length: \(reply.body.count)\r\n" : ""
        let head = "HTTP/1.1 \(reply.status) \(reply.status == 200 ? "OK" : "Error")\r\nContent-Type: \(reply.contentType)\r\n"
            + length + "Connection: close\r\n\r\n"
        switch reply.ending {
        case .complete:
            deliver(Array(head.utf8) + Array(reply.body), on: connection)
        case .resetAfter(let bytes):
            deliver(Array(head.utf8) + Array(reply.body.prefix(bytes)), on: connection)
            // Closing with a zero linger time sends RST instead of FIN.
            var abort = linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &abort, socklen_t(MemoryLayout<linger>.size))
        }
    }

    /// Writes all of `bytes`, giving up when the client has gone (no SIGPIPE).
    private func deliver(_ bytes: [UInt8], on connection: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return }
            offset += written
        }
    }
}

private extension [UInt8] {
    var containsHeaderEnd: Bool {
        guard count >= 4 else { return false }
        return (0...(count - 4)).contains { self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10 }
    }
}
