import Foundation
import Lifecycle

/// A `Codable` value kept in a JSON file the way swift-sharing's `fileStorage` keeps it: read
/// when created, written with `Data.write(to:options: .atomic)` after each change — at once, then
/// at most once a second while changes keep coming — and at once when the app resigns active.
///
/// ```swift
/// let scrums = FileStorageValue(url: files.documentsDirectory.appending(path: "scrums.json"),
///                               default: [DailyScrum](), files: files, clock: clock, runtime: runtime)
/// scrums.value.append(scrum)          // written now, or within the second
/// ```
///
/// What it promises is what `.atomic` promises (see ``FileManaging``): a kill leaves the last
/// write whole, a change still waiting for its second is lost with the process, and a power loss
/// may undo the last write. A file that does not decode reads as the default, as
/// swift-sharing's does, and is replaced by the next change. Use ``PersistentValue`` over
/// ``DurableValueStorage`` for data that must survive a power loss and a damaged file.
///
/// Owned by the app's model; lives on the main actor.
@MainActor
public final class FileStorageValue<Value: Codable & Sendable> {
    /// The file.
    public let url: URL
    private let files: any FileManaging
    private let clock: any LifelineClock
    private var stored: Value
    /// The next write, scheduled while the last one is less than a second old.
    private var pendingWrite: ScheduledAction?
    /// When the last write was made.
    private var lastWrite: LifelineInstant?
    private var resignation: LifecycleObservation?
    /// Whether the value changed since it was last written.
    private var isDirty = false

    /// Reads the value in `url` through `files` (`defaultValue` if there is none, or it does not
    /// decode); with a `runtime`, a change still waiting is written when the app resigns active.
    public init(url: URL, default defaultValue: Value, files: any FileManaging, clock: any LifelineClock, runtime: LifecycleRuntime? = nil) {
        self.url = url
        self.files = files
        self.clock = clock
        if let data = files.contents(atPath: url.path), let decoded = try? JSONDecoder().decode(Value.self, from: data) {
            stored = decoded
        } else {
            stored = defaultValue
        }
        resignation = runtime?.addApplicationObserver { [weak self] event in
            if event == .willResignActive { self?.writeNow() }
        }
    }

    /// The value; setting it writes it, now or within the second.
    public var value: Value {
        get { stored }
        set {
            stored = newValue
            isDirty = true
            scheduleWrite()
        }
    }

    private func scheduleWrite() {
        guard pendingWrite == nil else { return }
        guard let lastWrite, lastWrite.duration(to: clock.now) < .seconds(1) else { return writeNow() }
        pendingWrite = clock.schedule(at: lastWrite.advanced(by: .seconds(1))) { [weak self] in self?.writeNow() }
    }

    /// Writes the value at once if it changed since the last write.
    private func writeNow() {
        pendingWrite?.cancel()
        pendingWrite = nil
        guard isDirty else { return }
        isDirty = false
        lastWrite = clock.now
        guard let data = try? JSONEncoder().encode(stored) else { return }
        try? files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? files.write(data, to: url, options: .atomic)
    }
}
