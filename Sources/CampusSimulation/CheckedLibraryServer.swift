import CampusLibrary
import DurableState
import LifecycleSimulator

/// The embedded library service as the simulated device reaches it — every call waits its round
/// trip on the device's network (``SimulatedRemoteService``) — with the basket rules of the
/// shopping-cart lesson checked at its door: a creation repeated with the same request identifier
/// must name the same basket, and a save never names a book twice. What it sees broken is kept in
/// ``ruleBreaks``, and every basket record created in ``createdRecords`` (checked by the
/// ready-made "no record created empty" invariant), for the ``CampusIncarnation`` invariants.
///
/// Account calls and basket reads may fail or find the service down. Basket writes only take
/// time: the basket keeps no copy on the device (its saves are remote only), so a failed write
/// would lose what the student put in it — a gap of the app's, not explored until the basket
/// gets a local copy.
///
/// Created by ``CampusIncarnation`` per process; lives on the main actor.
@MainActor
final class CheckedLibraryServer: AccountServer, BasketRepository {
    let server: EmbeddedLibraryServer
    /// The rules the app broke, in order.
    private(set) var ruleBreaks: [String] = []
    /// The basket records created, oldest first.
    private(set) var createdRecords: [CreatedRecord] = []
    private var createdByRequest: [String: BasketID] = [:]
    private let network: SimulatedRemoteService

    init(_ server: EmbeddedLibraryServer, network: SimulatedRemoteService) {
        self.server = server
        self.network = network
    }

    func signIn(username: String, password: Secret) async throws(AccountServerError) -> (token: Secret, account: Account) {
        try await accountCall("sign in")
        return try await server.signIn(username: username, password: password)
    }

    func currentUser(token: Secret) async throws(AccountServerError) -> Account {
        try await accountCall("current user")
        return try await server.currentUser(token: token)
    }

    func signOut(token: Secret) async throws(AccountServerError) {
        try await accountCall("sign out")
        try await server.signOut(token: token)
    }

    func createBasket(_ books: [BookID], requestID: String) async throws(BasketRepositoryError) -> BasketID {
        try await basketCall("create basket", mayFail: false)
        createdRecords.append(CreatedRecord(kind: "basket", id: "of request \(requestID)", isEmpty: books.isEmpty))
        check(books)
        let id = try await server.createBasket(books, requestID: requestID)
        if let earlier = createdByRequest[requestID], earlier != id {
            ruleBreaks.append("request \(requestID) created two baskets, \(earlier) and \(id)")
        }
        createdByRequest[requestID] = id
        return id
    }

    func replaceBasket(_ id: BasketID, with books: [BookID]) async throws(BasketRepositoryError) {
        try await basketCall("replace basket", mayFail: false)
        check(books)
        try await server.replaceBasket(id, with: books)
    }

    func basket(_ id: BasketID) async throws(BasketRepositoryError) -> [BookID] {
        try await basketCall("basket")
        return try await server.basket(id)
    }

    private func check(_ books: [BookID]) {
        if Set(books).count != books.count { ruleBreaks.append("a basket save named a book twice: \(books)") }
    }

    private func accountCall(_ operation: String) async throws(AccountServerError) {
        do { try await network.call(operation) } catch { throw .unreachable(error.description) }
    }

    private func basketCall(_ operation: String, mayFail: Bool = true) async throws(BasketRepositoryError) {
        do { try await network.call(operation, mayFail: mayFail) } catch { throw .unreachable(error.description) }
    }
}
