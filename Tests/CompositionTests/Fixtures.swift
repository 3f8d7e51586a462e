import Composition
import Synchronization

// The textbook's Campus Library services, small enough to read in a test.

/// An ordered log of creations, teardowns and deinits; `Sendable` so that `deinit` can write to it.
final class EventLog: Sendable {
    private let storage = Mutex<[String]>([])

    func record(_ event: String) {
        storage.withLock { $0.append(event) }
    }

    var events: [String] { storage.withLock { $0 } }
}

protocol NetworkClient: AnyObject {}

final class StubNetworkClient: NetworkClient {
    let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
        log?.record("init NetworkClient")
    }

    deinit { log?.record("deinit NetworkClient") }
}

protocol BookService: AnyObject {
    var source: String { get }
}

final class RemoteBookService: BookService {
    let client: any NetworkClient
    let source = "remote"

    init(client: any NetworkClient) {
        self.client = client
    }
}

final class FakeBookService: BookService {
    let source: String

    init(source: String = "fake") {
        self.source = source
    }
}

/// One scene's selected book: scene-scoped state.
final class SceneSelection {
    var bookID: String?
    let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
        log?.record("init SceneSelection")
    }

    deinit { log?.record("deinit SceneSelection") }
}

final class LibraryViewModel {
    let service: any BookService
    let selection: SceneSelection

    init(service: any BookService, selection: SceneSelection) {
        self.service = service
        self.selection = selection
    }
}

/// The textbook's bug: an application-wide store holding one scene's selection.
final class SharedLibraryStore {
    let selection: SceneSelection

    init(selection: SceneSelection) {
        self.selection = selection
    }
}

/// A transient formatter that holds the selection it formats.
final class SelectionFormatter {
    let selection: SceneSelection

    init(selection: SceneSelection) {
        self.selection = selection
    }
}

final class CycleA {
    init(b: CycleB) {}
}

final class CycleB {
    init(a: CycleA) {}
}

struct BookID: Hashable {
    let rawValue: String
}

final class BookRecordViewModel {
    let id: BookID
    let service: any BookService

    init(id: BookID, service: any BookService) {
        self.id = id
        self.service = service
    }
}

/// A service that records its life in a log.
final class Tracked {
    let name: String
    let log: EventLog

    init(_ name: String, log: EventLog, dependencies: [AnyObject] = []) {
        self.name = name
        self.log = log
        self.dependencies = dependencies
        log.record("init \(name)")
    }

    let dependencies: [AnyObject]

    deinit { log.record("deinit \(name)") }
}

extension DependencyKey where Value == Tracked {
    static let first = DependencyKey("first")
    static let second = DependencyKey("second")
    static let third = DependencyKey("third")
}

/// The production registrations of the example: a valid graph.
@MainActor
func libraryRegistry(log: EventLog? = nil) -> Registry {
    var registry = Registry()
    registry.register((any NetworkClient).self, lifetime: .application) { StubNetworkClient(log: log) }
    registry.register((any BookService).self, lifetime: .application, RemoteBookService.init(client:))
    registry.register(SceneSelection.self, lifetime: .scene) { SceneSelection(log: log) }
    registry.register(LibraryViewModel.self, lifetime: .screen, LibraryViewModel.init(service:selection:))
    return registry
}
