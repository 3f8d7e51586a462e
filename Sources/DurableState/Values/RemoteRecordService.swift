/// The server side of a ``RemoteRecordSync``: one record replaced as a whole.
///
/// ```swift
/// final class CartService: RemoteRecordService {
///     func createRecord(_ cart: Cart, requestID: String) async throws(RemoteRecordError) -> String { … }
///     func replaceRecord(id: String, with cart: Cart) async throws(RemoteRecordError) { … }   // PUT
///     func fetchRecord(id: String) async throws(RemoteRecordError) -> Cart { … }
/// }
/// ```
///
/// Implementations live on the main actor (their network calls may suspend). Replacement is
/// idempotent (a repeated `replaceRecord` changes nothing more), and `createRecord` treats a
/// repeated `requestID` as the same creation, so a retry after a kill cannot double anything.
@MainActor
public protocol RemoteRecordService<Record>: AnyObject {
    /// The record's type.
    associatedtype Record: Sendable

    /// Creates a record holding `record` and returns its id; a second call with the same
    /// `requestID` returns the same id without creating another.
    func createRecord(_ record: Record, requestID: String) async throws(RemoteRecordError) -> String

    /// Replaces the whole record `id` with `record`.
    /// - Throws: ``RemoteRecordError/recordNotFound`` if `id` no longer resolves.
    func replaceRecord(id: String, with record: Record) async throws(RemoteRecordError)

    /// The record `id`.
    /// - Throws: ``RemoteRecordError/recordNotFound`` if `id` no longer resolves.
    func fetchRecord(id: String) async throws(RemoteRecordError) -> Record
}
