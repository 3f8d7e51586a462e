import Foundation

/// How the remote catalogue fetches a URL: the networking plugin in the app
/// (``PluginHTTPTransport``), a loopback server or a scripted double in tests, a simulated service
/// under the simulator. `Sendable`; calls may come from any isolation and may suspend.
///
/// The transport owns no deadline: the caller enforces its own with the lifecycle clock and
/// cancels the request through `cancellation`, so that the same deadline holds in virtual time.
public protocol HTTPTransport: Sendable {
    /// GETs `url`, reading at most `maximumBodySize` bytes of body.
    ///
    /// Cancelling `cancellation` (before or during the call) abandons the request: the call then
    /// throws ``HTTPTransportError/cancelled`` promptly, whatever the server does.
    /// - Throws: ``HTTPTransportError``; no response was kept then.
    func get(_ url: URL, maximumBodySize: Int, cancellation: HTTPCancellation) async throws(HTTPTransportError) -> HTTPResponse
}
