@testable import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import Testing

/// Failures the student must be told about, honestly: a damaged note (and where its copy is
/// kept), a damaged catalogue (rebuilt, the window's book back), the library service's records
/// unreadable (the session kept, not signed out).
@Suite("Campus Library tells the truth about damaged files")
@MainActor
struct CampusHonestFailureTests {
    let scratch: ScratchDirectory
    let clock = VirtualClock()

    init() throws {
        scratch = try ScratchDirectory()
    }

    var notesDirectory: String { scratch.path("notes") }
    let book = TestBooks.pride.id

    func editorText(_ repository: NotesRepository, runtime: LifecycleRuntime) async -> (draft: NoteDraft, screen: String) {
        let draft = repository.draft(for: book)
        await draft.hydrate()
        let catalogue = LibraryCatalogue(service: InMemoryCatalogue(books: TestBooks.all), clock: runtime.clock, logger: .disabled)
        let model = NoteEditorViewModel(bookID: book, draft: draft, catalogue: catalogue, scope: runtime.applicationScope)
        return (draft, NoteEditorView.render(model, width: 400, height: 20).lines.joined(separator: "\n"))
    }

    func repository(_ runtime: LifecycleRuntime) -> NotesRepository {
        NotesRepository(directory: notesDirectory, storage: StorageEnvironment(fileSystem: POSIXFileSystem()), runtime: runtime, logger: .disabled)
    }

    func quarantined() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: notesDirectory).filter { $0.contains(".corrupt-") }
    }

    @Test("a damaged note says it could not be read and where the damaged copy is kept")
    func damagedNote() async throws {
        try FileManager.default.createDirectory(atPath: notesDirectory, withIntermediateDirectories: true)
        try Data("not a note".utf8).write(to: URL(fileURLWithPath: notesDirectory + "/\(book).json"))
        let runtime = LifecycleRuntime(clock: clock)
        let (draft, screen) = await editorText(repository(runtime), runtime: runtime)
        #expect(draft.text == "")
        let kept = try #require(try quarantined().first)
        #expect(screen.contains("This note could not be read"), "\(screen)")
        #expect(screen.contains(notesDirectory + "/" + kept), "\(screen)")
    }

    @Test("a damaged note falls back to its previous generation, and says so")
    func previousGeneration() async throws {
        let runtime = LifecycleRuntime(clock: clock)
        let first = repository(runtime).draft(for: book)
        await first.hydrate()
        first.edit("Chapter one")
        first.flush()
        first.edit("Chapter one and two")
        first.flush()
        #expect(first.saveState == .saved)
        try Data("damaged".utf8).write(to: URL(fileURLWithPath: notesDirectory + "/\(book).json"))

        let (draft, screen) = await editorText(repository(runtime), runtime: runtime)
        #expect(draft.text == "Chapter one")
        #expect(screen.contains("the previous version is shown"), "\(screen)")
        #expect(try quarantined().count == 1)
    }

    @Test("a catalogue whose header is damaged is moved aside and rebuilt from the bundled seed")
    func damagedCatalogueHeader() async throws {
        let path = scratch.path("catalogue.sqlite")
        try SQLiteCatalogue.build(at: path, books: try CatalogueSeed.books())
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        handle.write(Data(repeating: 0x5A, count: 100))
        try handle.close()

        let catalogue = SQLiteCatalogue(path: path)
        try await catalogue.prepare()
        #expect(try catalogue.searchNow("pride prejudice", limit: 5).first?.title == "Pride and Prejudice")
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
        #expect(names.contains { $0.hasPrefix("catalogue.sqlite.corrupt-") }, "\(names)")
    }

    @Test("a catalogue that fails PRAGMA quick_check is moved aside and rebuilt")
    func damagedCataloguePages() async throws {
        let path = scratch.path("catalogue.sqlite")
        try SQLiteCatalogue.build(at: path, books: try CatalogueSeed.books())
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        handle.write(Data(repeating: 0xA5, count: 16_384))
        try handle.close()

        let catalogue = SQLiteCatalogue(path: path)
        try await catalogue.prepare()
        #expect(catalogue.quarantinedPath == nil, "the damage is in the middle of the file: the open succeeds")
        await catalogue.integrityCheck?.value
        #expect(catalogue.quarantinedPath != nil)
        #expect(try catalogue.searchNow("moby", limit: 5).first?.id.rawValue == "melville-moby-dick")
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
        #expect(names.contains { $0.hasPrefix("catalogue.sqlite.corrupt-") }, "\(names)")
    }

    @Test("a window restored over a damaged catalogue gets its book back once the catalogue is rebuilt")
    func windowBookComesBack() async throws {
        let seed = try CatalogueSeed.books()
        let pride = try #require(BookID("austen-pride-prejudice"))
        let fileSystem = MemoryFileSystem()
        let first = try TestApp(clock: clock, fileSystem: fileSystem, books: seed)
        try first.launch()
        let window = try first.connect()
        await first.settle()
        window.openBook(pride)
        await first.settle()
        try first.background()
        let kept = try #require(first.keptSessions.first)

        let path = scratch.path("catalogue.sqlite")
        try SQLiteCatalogue.build(at: path, books: seed)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        handle.write(Data(repeating: 0x5A, count: 100))
        try handle.close()

        let second = try TestApp(clock: clock, fileSystem: fileSystem, catalogue: SQLiteCatalogue(path: path))
        try second.launch()
        let restored = try second.connect(kept)
        await second.settle()
        #expect(second.services.catalogue.isLoaded)
        #expect(restored.search.selectedBook?.title == "Pride and Prejudice")
        #expect(restored.topRoute == .book(pride))
        #expect(restored.recoveryMessage == nil)
    }

    let statePath = "/data/server/state.json"

    /// One incarnation whose library service keeps its records in `fileSystem`: Ada signs in.
    func signInOnce(fileSystem: MemoryFileSystem, secrets: MemorySecretStore) async throws {
        let first = try await relaunch(fileSystem: fileSystem, secrets: secrets)
        await first.services.auth.signIn(username: "ada", password: Secret("analytical"))
        #expect(first.services.auth.state.account?.username == "ada")
    }

    /// A launched incarnation whose library service reads its records from `fileSystem` anew.
    func relaunch(fileSystem: MemoryFileSystem, secrets: MemorySecretStore) async throws -> TestApp {
        let server = EmbeddedLibraryServer(directory: "/data/server", fileSystem: fileSystem, clock: clock)
        let app = try TestApp(clock: clock, fileSystem: fileSystem, secrets: secrets, server: server)
        try app.launch()
        await app.settle()
        return app
    }

    @Test("unreadable server records keep the session token and say so; the check is retried")
    func unreadableServerState() async throws {
        let fileSystem = MemoryFileSystem()
        let secrets = MemorySecretStore()
        try await signInOnce(fileSystem: fileSystem, secrets: secrets)
        #expect(fileSystem.contents(statePath) != nil)
        fileSystem.unreadablePaths = [statePath]

        let second = try await relaunch(fileSystem: fileSystem, secrets: secrets)
        let ada = Account(username: "ada", displayName: "Ada")
        #expect(secrets.secrets[SessionTokenStore.key] != nil, "the token was deleted")
        #expect(second.services.auth.state == .signedIn(ada, verified: false))
        let profile = ProfileViewModel(auth: second.services.auth, analytics: second.services.analytics)
        let screen = ProfileView.render(profile, width: 400, height: 20).lines.joined(separator: "\n")
        #expect(screen.contains("could not be checked"), "\(screen)")
        #expect(screen.contains("kept"), "\(screen)")

        fileSystem.unreadablePaths = []
        await second.advance(by: .seconds(31))
        #expect(second.services.auth.state == .signedIn(ada, verified: true))
    }

    @Test("damaged server records with no earlier copy keep the token: the service cannot tell, so it does not sign out")
    func damagedServerState() async throws {
        let fileSystem = MemoryFileSystem()
        let secrets = MemorySecretStore()
        try await signInOnce(fileSystem: fileSystem, secrets: secrets)
        try fileSystem.writeFile(Data("garbage".utf8), to: statePath, permissions: 0o600)
        try? fileSystem.removeItem(at: statePath + ".bak")

        let second = try await relaunch(fileSystem: fileSystem, secrets: secrets)
        #expect(secrets.secrets[SessionTokenStore.key] != nil, "the token was deleted")
        #expect(second.services.auth.state == .signedIn(Account(username: "ada", displayName: "Ada"), verified: false))
        #expect(second.services.auth.sessionNotice?.contains("damaged") == true)
    }
}
