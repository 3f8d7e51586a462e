import DurableState
import Foundation
import Lifecycle
import LifelineHistory

/// The library's account and basket service running in-process, on one durable JSON document
/// (`server/state.json`): the default "server" behind ``AccountServer`` and ``BasketRepository``.
///
/// It keeps only digests of passwords and tokens. Two demo accounts exist (`ada` / `analytical`,
/// `student` / `library`); signing in with a new name and a password of at least 6 characters
/// registers it. ``isReachable`` and ``latency`` let tests and the simulator model an offline or
/// slow service.
///
/// Its records are its own truth, so it says so when it cannot trust them: while `state.json`
/// exists but cannot be read (a permission error), every request fails with
/// ``AccountServerError/unavailable(_:)`` and the file is read again at the next one; when the
/// file was damaged and no backup could be restored, a token it does not know is answered with
/// ``AccountServerError/server(_:)`` (it cannot tell), never ``AccountServerError/unauthorized``.
/// Created by the composition root (or by the simulator, which keeps it across app
/// incarnations); lives on the main actor.
@MainActor
public final class EmbeddedLibraryServer: AccountServer, BasketRepository {
    struct StoredAccount: Codable, Equatable {
        var displayName: String
        var passwordDigest: String
    }

    struct State: Codable, Equatable {
        var accounts: [String: StoredAccount] = [:]
        /// Token digest → username.
        var sessions: [String: String] = [:]
        var baskets: [String: [BookID]] = [:]
        /// Creation request identifier → basket identifier, so a repeated creation is the same one.
        var basketRequests: [String: String] = [:]
        var nextBasketNumber = 1
    }

    /// Whether requests reach the service; when false every call fails with `unreachable`.
    public var isReachable = true
    /// What reading the records file found at launch (DurableState's `LoadOutcome`): an older
    /// generation restored, damaged records moved aside, or a file that cannot be read now.
    /// The app tells the student once (``StoreNotice``).
    public private(set) var loadOutcome: LoadOutcome = .loaded
    /// How long each request takes, on the injected clock.
    public var latency: Duration = .zero

    private let document: DocumentStore<State>?
    private let clock: any LifelineClock
    private let makeToken: @MainActor () -> String
    private var state: State
    /// Set while the records file exists but cannot be read: requests fail until it can.
    private var unreadable: FileSystemError?
    /// Where the damaged records were moved, when no copy of them could be restored: tokens
    /// issued before are unknown, not invalid.
    private var damagedRecords: String?

    /// Creates a service whose state lives in `document` (`nil`: in memory only).
    init(
        document: DocumentStore<State>?, clock: any LifelineClock,
        makeToken: @escaping @MainActor () -> String = EmbeddedLibraryServer.randomToken
    ) {
        self.document = document
        self.clock = clock
        self.makeToken = makeToken
        state = Self.withDemoAccounts(State())
        load()
    }

    /// Creates a service whose state lives in `directory/state.json` on `fileSystem`.
    public convenience init(
        directory: String, fileSystem: any FileSystem, clock: any LifelineClock,
        makeToken: @escaping @MainActor () -> String = EmbeddedLibraryServer.randomToken
    ) {
        let document = DocumentStore<State>(
            storage: StorageEnvironment(fileSystem: fileSystem), path: directory + "/state.json", defaultValue: State(), permissions: 0o600, clock: clock,
            history: .off   // the service's own records: no screen shows this file
        )
        self.init(document: document, clock: clock, makeToken: makeToken)
    }

    /// Creates a service that keeps its state in memory (tests, the simulator's device).
    public convenience init(
        inMemoryWith clock: any LifelineClock,
        makeToken: @escaping @MainActor () -> String = EmbeddedLibraryServer.randomToken
    ) {
        self.init(document: nil, clock: clock, makeToken: makeToken)
    }

    /// Signs in (registering a new name with a password of 6+ characters) and issues a token.
    public func signIn(username: String, password: Secret) async throws(AccountServerError) -> (token: Secret, account: Account) {
        try await request()
        let name = username.trimmingCharacters(in: .whitespaces).lowercased()
        guard (2...32).contains(name.count), name.allSatisfy({ $0.isLetter || $0.isNumber }) else {
            throw .invalidCredentials
        }
        var next = state
        if let account = next.accounts[name] {
            guard account.passwordDigest == Self.digest(password.revealed, salt: name) else { throw .invalidCredentials }
        } else {
            guard password.revealed.count >= 6 else { throw .invalidCredentials }
            next.accounts[name] = StoredAccount(
                displayName: name.prefix(1).uppercased() + name.dropFirst(),
                passwordDigest: Self.digest(password.revealed, salt: name)
            )
        }
        let token = makeToken()
        next.sessions[SHA256.hex(token)] = name
        try commit(next)
        return (Secret(token), Account(username: name, displayName: next.accounts[name]?.displayName ?? name))
    }

    /// The account of `token`, or ``AccountServerError/unauthorized`` if it is unknown or revoked.
    public func currentUser(token: Secret) async throws(AccountServerError) -> Account {
        try await request()
        guard let name = state.sessions[SHA256.hex(token.revealed)], let account = state.accounts[name] else {
            if let damagedRecords {
                throw .server("its records were damaged (kept at \(damagedRecords)), so it cannot tell whether this session is valid")
            }
            throw .unauthorized
        }
        return Account(username: name, displayName: account.displayName)
    }

    /// Revokes `token`; succeeds for an unknown one.
    public func signOut(token: Secret) async throws(AccountServerError) {
        try await request()
        var next = state
        next.sessions[SHA256.hex(token.revealed)] = nil
        try commit(next)
    }

    /// Revokes every session of `username` (an administrator's action; for tests and the simulator).
    public func revokeSessions(of username: String) {
        var next = state
        next.sessions = next.sessions.filter { $0.value != username }
        try? commit(next)
    }

    /// Creates a basket record (once per `requestID`) and returns its identifier.
    public func createBasket(_ books: [BookID], requestID: String) async throws(BasketRepositoryError) -> BasketID {
        try await basketRequest()
        if let existing = state.basketRequests[requestID], state.baskets[existing] != nil { return BasketID(existing) }
        var next = state
        let id = "basket-\(next.nextBasketNumber)"
        next.nextBasketNumber += 1
        next.baskets[id] = books
        next.basketRequests[requestID] = id
        try commitBasket(next)
        return BasketID(id)
    }

    /// Replaces the whole content of basket `id`.
    public func replaceBasket(_ id: BasketID, with books: [BookID]) async throws(BasketRepositoryError) {
        try await basketRequest()
        guard state.baskets[id.rawValue] != nil else { throw .notFound }
        var next = state
        next.baskets[id.rawValue] = books
        try commitBasket(next)
    }

    /// The content of basket `id`.
    public func basket(_ id: BasketID) async throws(BasketRepositoryError) -> [BookID] {
        try await basketRequest()
        guard let books = state.baskets[id.rawValue] else { throw .notFound }
        return books
    }

    /// Deletes a basket record (an administrator's action; for tests and the simulator).
    public func deleteBasket(_ id: BasketID) {
        var next = state
        next.baskets[id.rawValue] = nil
        try? commit(next)
    }

    /// Number of basket records, for tests.
    public var basketCount: Int { state.baskets.count }

    /// A token of 32 random hexadecimal digits.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let text = String(generator.next() as UInt32, radix: 16)
            return String(repeating: "0", count: 8 - text.count) + text
        }.joined()
    }

    /// Reads the records file (if any), noting whether it is unreadable or was damaged.
    private func load() {
        guard let document else { return }
        let loaded = document.load()
        unreadable = nil
        switch loaded.outcome {
        case .unreadable(_, let cause): unreadable = cause
        case .startedEmpty: damagedRecords = loaded.outcome.quarantinedPaths.first
        case .loaded, .restoredOlderGeneration: break
        }
        loadOutcome = loaded.outcome
        if unreadable == nil { state = Self.withDemoAccounts(loaded.value) }
    }

    private static func withDemoAccounts(_ state: State) -> State {
        var state = state
        for (name, display, password) in demoAccounts where state.accounts[name] == nil {
            state.accounts[name] = StoredAccount(displayName: display, passwordDigest: digest(password, salt: name))
        }
        return state
    }

    private static let demoAccounts = [("ada", "Ada", "analytical"), ("student", "Student", "library")]

    private static func digest(_ password: String, salt: String) -> String {
        SHA256.hex("campus-library:\(salt):\(password)")
    }

    private func request() async throws(AccountServerError) {
        if latency > .zero {
            do { try await clock.sleep(for: latency) } catch { throw .unreachable("request cancelled") }
        }
        guard isReachable else { throw .unreachable("no connection") }
        if unreadable != nil { load() }
        if let unreadable { throw .unavailable(unreadable.description) }
    }

    private func basketRequest() async throws(BasketRepositoryError) {
        do {
            try await request()
        } catch .unavailable(let reason) {
            throw .server("it cannot read its records right now (\(reason))")
        } catch {
            throw .unreachable("no connection")
        }
    }

    private func commit(_ next: State) throws(AccountServerError) {
        do { try document?.save(next) } catch { throw .server(error.description) }
        state = next
    }

    private func commitBasket(_ next: State) throws(BasketRepositoryError) {
        do { try document?.save(next) } catch { throw .server(error.description) }
        state = next
    }
}
