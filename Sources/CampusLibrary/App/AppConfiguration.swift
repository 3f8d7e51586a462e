import Foundation

/// The plain settings of one app incarnation that services read at creation: where its files
/// live, how long writes wait, how identifiers are made. Registered as a value by
/// ``AppComposition``; lives on the main actor because `makeIdentifier` does.
@MainActor
public struct AppConfiguration {
    /// The app's directory on the file system (absolute).
    public var dataDirectory: String
    /// The quiet interval before a debounced write (notes, basket).
    public var writeDebounce: Duration
    /// Makes unique identifiers (request identifiers of idempotent creations).
    public var makeIdentifier: @MainActor () -> String
    /// Where the secret store keeps the session token, for a person.
    public var secretStoreLocation: String
    /// Whether refused and unsaved note text is kept (``AppEnvironment/keepsUnsavedText``).
    public var keepsUnsavedText = false

    /// Creates a configuration.
    public init(
        dataDirectory: String, writeDebounce: Duration, makeIdentifier: @escaping @MainActor () -> String,
        secretStoreLocation: String = "the app's secret store"
    ) {
        self.dataDirectory = dataDirectory
        self.writeDebounce = writeDebounce
        self.makeIdentifier = makeIdentifier
        self.secretStoreLocation = secretStoreLocation
    }
}
