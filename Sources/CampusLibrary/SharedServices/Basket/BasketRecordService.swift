import DurableState

/// Adapts the app's ``BasketRepository`` to DurableState's `RemoteRecordService`, so the
/// basket's saving rules (no record until non-empty, whole replacement, stale identifiers
/// forgotten, idempotent creation) come from `RemoteRecordSync`. Owned by the
/// ``BorrowingBasket``'s storage; lives on the main actor.
@MainActor
final class BasketRecordService: RemoteRecordService {
    typealias Record = [BookID]

    private let repository: any BasketRepository

    init(repository: any BasketRepository) {
        self.repository = repository
    }

    func createRecord(_ record: [BookID], requestID: String) async throws(RemoteRecordError) -> String {
        do {
            return try await repository.createBasket(record, requestID: requestID).rawValue
        } catch {
            throw Self.remote(error)
        }
    }

    func replaceRecord(id: String, with record: [BookID]) async throws(RemoteRecordError) {
        do {
            try await repository.replaceBasket(BasketID(id), with: record)
        } catch {
            throw Self.remote(error)
        }
    }

    func fetchRecord(id: String) async throws(RemoteRecordError) -> [BookID] {
        do {
            return try await repository.basket(BasketID(id))
        } catch {
            throw Self.remote(error)
        }
    }

    private static func remote(_ error: BasketRepositoryError) -> RemoteRecordError {
        switch error {
        case .notFound: .recordNotFound
        case .unreachable(let reason): .unavailable(reason: reason)
        case .server(let reason): .rejected(reason: reason)
        }
    }
}
