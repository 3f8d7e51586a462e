import CampusLibrary
import DurableState
import Foundation
import Lifecycle

/// Campus Library's window archive (`windows.json`, the terminal app's scene sessions), and the
/// restoration payload of each window in it.
enum WindowArchiveHarness: Harness {
    static let name = "window-archive"
    static let summary = "WindowArchiveStore.load (windows.json) and each window's WindowState payload, then saved and reloaded"

    static let directory = "/data"
    static let path = directory + "/windows.json"

    static func run(_ input: Data) {
        let fileSystem = FuzzDisk.fileSystem(with: StoredFile.bytes(from: input), at: path)
        let store = WindowArchiveStore(directory: directory, fileSystem: fileSystem, clock: VirtualClock())
        let archive = store.load()
        promise(archive.windows.count <= WindowArchive.maximumWindows, "\(archive.windows.count) windows restored")
        promise(Set(archive.windows.map(\.id)).count == archive.windows.count, "a window is restored twice")
        if let active = archive.active {
            promise(archive.windows.contains { $0.id == active }, "the active window \(active) is not among the windows")
        }
        for window in archive.windows {
            WindowStateHarness.expectWithinLimits(WindowState.restoration.restore(from: window.payload).state)
        }
        // The archive the app saves back (it does at every launch) loads as it was at the next
        // launch (the second in a row without `markLaunchFinished`, below the crash-loop limit).
        guard (try? store.save(archive)) != nil else { return }
        let reloaded = WindowArchiveStore(directory: directory, fileSystem: fileSystem, clock: VirtualClock()).load()
        promise(reloaded == archive, "a saved window archive reloads differently")
    }

    static func seeds() throws -> [String: Data] {
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let states = WindowStateHarness.sampleStates
        let windows = try states.keys.sorted().enumerated().map { index, key in
            WindowArchive.Window(
                id: SceneSessionID("window-\(index + 1)"),
                payload: try states[key].map { try WindowState.restoration.encode($0, writtenAt: date) }
            )
        }
        func archive(_ archive: WindowArchive) throws -> Data {
            try FuzzDisk.file(at: path, in: directory) { fileSystem in
                try WindowArchiveStore(directory: directory, fileSystem: fileSystem, clock: VirtualClock()).save(archive)
            }
        }
        return try StoredFile.seeds([
            "two-windows": try archive(WindowArchive(windows: Array(windows.prefix(2)), active: windows[1].id)),
            "four-windows": try archive(WindowArchive(windows: windows, active: windows[0].id)),
            "no-payload": try archive(WindowArchive(windows: [WindowArchive.Window(id: SceneSessionID("fresh"), payload: nil)])),
        ])
    }
}
