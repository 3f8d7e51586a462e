import CampusLibrary
import DurableState
import Foundation
import Lifecycle

/// DurableState's preferences file, read through Campus Library's typed keys.
enum PreferencesHarness: Harness {
    static let name = "preferences"
    static let summary = "Preferences (its DocumentStore file) read with Campus Library's keys, then saved and reread"

    static let directory = "/data"
    static let path = directory + "/preferences.prefs"

    static func run(_ input: Data) {
        let fileSystem = FuzzDisk.fileSystem(with: StoredFile.bytes(from: input), at: path)
        let preferences = Preferences(storage: StorageEnvironment(fileSystem: fileSystem), directory: directory, clock: VirtualClock())
        _ = preferences[.analyticsConsent]
        _ = preferences[.lastAccount]
        _ = preferences[.newArrivals]
        _ = preferences[.newArrivalsRefreshedAt]
        _ = preferences.storedKeys
        // Whatever was there (a damaged file is set aside), a preference saved now reads back.
        let arrivals = [BookID("austen-emma"), BookID("melville-moby-dick")].compactMap { $0 }
        guard (try? preferences.set(arrivals, for: .newArrivals)) != nil else { return }
        let reopened = Preferences(storage: StorageEnvironment(fileSystem: fileSystem), directory: directory, clock: VirtualClock())
        promise(reopened[.newArrivals] == arrivals, "a saved preference reads back as \(reopened[.newArrivals])")
    }

    static func seeds() throws -> [String: Data] {
        try StoredFile.seeds([
            "campus-library": try FuzzDisk.file(at: path, in: directory) { fileSystem in
                let preferences = Preferences(storage: StorageEnvironment(fileSystem: fileSystem), directory: directory, clock: VirtualClock())
                try preferences.set(true, for: .analyticsConsent)
                try preferences.set([BookID("austen-pride"), BookID("shelley-frankenstein")].compactMap { $0 }, for: .newArrivals)
                try preferences.set(Date(timeIntervalSince1970: 1_800_000_000), for: .newArrivalsRefreshedAt)
            },
            "one-key": try FuzzDisk.file(at: path, in: directory) { fileSystem in
                try Preferences(storage: StorageEnvironment(fileSystem: fileSystem), directory: directory, clock: VirtualClock()).set(false, for: .analyticsConsent)
            },
        ])
    }
}
