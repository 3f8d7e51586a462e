import Foundation

/// A response: status and body. A `Sendable` value.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}
