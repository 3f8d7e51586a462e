import DurableState
import Foundation
import LifecycleSimulator
import Testing

@Suite("SimulatedDisk")
struct SimulatedDiskTests {
    let hello = Data("hello".utf8)

    @Test("a kill keeps written, unsynced data, and fences the killed incarnation")
    func kill() throws {
        let disk = SimulatedDisk()
        let first = disk.mount()
        try first.createDirectory(at: "/data", permissions: 0o755)
        try first.writeFile(hello, to: "/data/a", permissions: 0o644)
        disk.kill(first)
        #expect(throws: FileSystemError.fenced("/data/a")) { try first.readFile(at: "/data/a") }
        #expect(throws: FileSystemError.fenced("/data/b")) { try first.writeFile(hello, to: "/data/b", permissions: 0o644) }
        #expect(!first.itemExists(at: "/data/a"))
        let second = disk.mount()
        #expect(try second.readFile(at: "/data/a") == hello)
        #expect(disk.currentImage.files.keys.sorted() == ["/data/a"])
    }

    @Test("a power loss keeps synced data and can lose unsynced data")
    func powerLoss() throws {
        let disk = SimulatedDisk()
        let view = disk.mount()
        try view.createDirectory(at: "/data", permissions: 0o755)
        try view.syncDirectory(at: "/")
        try view.writeFile(hello, to: "/data/synced", permissions: 0o644)
        try view.syncFile(at: "/data/synced")
        try view.syncDirectory(at: "/data")
        try view.writeFile(hello, to: "/data/unsynced", permissions: 0o644)
        let image = disk.powerLoss(policy: .inOrderPrefix) { _ in 0 }
        #expect(image.files.keys.sorted() == ["/data/synced"])
        #expect(throws: FileSystemError.fenced("/data/x")) { try view.readFile(at: "/data/x") }
        #expect(try disk.mount().readFile(at: "/data/synced") == hello)
        #expect(disk.pendingOperations.isEmpty)
    }

    @Test("a synced file whose directory was not synced may come back empty or not at all")
    func nameWithoutDirectorySync() throws {
        let disk = SimulatedDisk(image: DiskImage(directories: ["/data"]))
        let view = disk.mount()
        try view.writeFile(hello, to: "/data/a", permissions: 0o644)
        try view.syncFile(at: "/data/a")
        let states = try disk.possiblePowerLossImages()
        #expect(states.contains { $0.files["/data/a"] == nil })
        #expect(states.contains { $0.data(at: "/data/a") == hello })
        #expect(!states.contains { $0.data(at: "/data/a") == Data() })

        let unsynced = SimulatedDisk(image: DiskImage(directories: ["/data"]))
        let other = unsynced.mount()
        try other.writeFile(hello, to: "/data/a", permissions: 0o644)
        try other.syncDirectory(at: "/data")
        #expect(try unsynced.possiblePowerLossImages().contains { $0.data(at: "/data/a") == Data() })
    }

    @Test("the full recipe leaves nothing pending and one possible state")
    func recipeIsFolded() throws {
        let disk = SimulatedDisk(image: DiskImage(files: ["/data/doc": .init(data: Data("old".utf8))]), recordsHistory: true)
        try DurableFile(fileSystem: disk.mount(), path: "/data/doc").replace(with: hello, keepingBackup: true)
        #expect(disk.pendingOperations.isEmpty)
        #expect(try disk.possiblePowerLossImages() == [disk.currentImage])
        #expect(disk.history.map(\.description) == [
            "link /data/.doc.1.tmp → #2", "write #2 (/data/.doc.1.tmp) 5 bytes", "fsync /data/.doc.1.tmp (#2)",
            "rename /data/doc → /data/doc.bak", "rename /data/.doc.1.tmp → /data/doc", "fsync dir /data",
        ])
    }

    @Test("the same log, policy and seed always leave the same state", arguments: DiskCrashPolicy.allCases)
    func deterministic(policy: DiskCrashPolicy) throws {
        func run(seed: UInt64) throws -> DiskImage {
            let disk = SimulatedDisk(image: DiskImage(directories: ["/d"]))
            let view = disk.mount()
            for index in 0..<6 {
                try view.writeFile(Data(repeating: UInt8(index), count: 10 + index), to: "/d/f\(index % 3)", permissions: 0o644)
                if index == 2 { try view.syncFile(at: "/d/f2") }
                if index == 4 { try view.rename(from: "/d/f1", to: "/d/g") }
            }
            return disk.powerLoss(policy: policy, seed: seed)
        }
        let possible = try {
            let disk = SimulatedDisk(image: DiskImage(directories: ["/d"]))
            let view = disk.mount()
            for index in 0..<6 {
                try view.writeFile(Data(repeating: UInt8(index), count: 10 + index), to: "/d/f\(index % 3)", permissions: 0o644)
                if index == 2 { try view.syncFile(at: "/d/f2") }
                if index == 4 { try view.rename(from: "/d/f1", to: "/d/g") }
            }
            return try disk.possiblePowerLossImages(everyTornLength: true)
        }()
        var seen = Set<DiskImage>()
        for seed in UInt64(0)..<40 {
            let image = try run(seed: seed)
            #expect(try run(seed: seed) == image)
            #expect(possible.contains(image), "policy \(policy) seed \(seed) left a state outside the enumeration")
            seen.insert(image)
        }
        if policy != .renameLostWithoutDirectorySync { #expect(seen.count > 1) }
    }

    @Test("a torn last write keeps a prefix of the new data")
    func tornWrite() throws {
        let disk = SimulatedDisk(image: DiskImage(files: ["/d/a": .init(data: Data("old".utf8))]))
        let view = disk.mount()
        let data = Data((0..<100).map { UInt8($0) })
        try view.writeFile(data, to: "/d/a", permissions: 0o644)
        let image = disk.powerLoss(policy: .tornLastWrite) { _ in 37 }
        #expect(image.data(at: "/d/a") == data.prefix(37))
    }

    @Test("a rename without a directory sync is lost under that policy")
    func renameLost() throws {
        let disk = SimulatedDisk(image: DiskImage(files: ["/d/a": .init(data: Data("old".utf8))]))
        let view = disk.mount()
        try view.writeFile(hello, to: "/d/t", permissions: 0o644)
        try view.syncFile(at: "/d/t")
        try view.rename(from: "/d/t", to: "/d/a")
        let image = disk.powerLoss(policy: .renameLostWithoutDirectorySync, seed: 1)
        #expect(image.data(at: "/d/a") == Data("old".utf8))
        #expect(image.data(at: "/d/t") == hello)
    }

    @Test("a kill after N operations fences the incarnation in the middle of what it is doing")
    func killAfterOperations() throws {
        let disk = SimulatedDisk(image: DiskImage(directories: ["/d"]))
        let view = disk.mount()
        disk.kill(view, afterOperations: 2)
        try view.writeFile(hello, to: "/d/a", permissions: 0o644)
        _ = try view.readFile(at: "/d/a")
        try view.syncFile(at: "/d/a")
        #expect(throws: FileSystemError.fenced("/d")) { try view.syncDirectory(at: "/d") }
        #expect(disk.isFenced(view))
    }

    @Test("injected faults fail the next matching call once; a full disk refuses writes")
    func faults() throws {
        let disk = SimulatedDisk(image: DiskImage(directories: ["/d"]), capacity: 8)
        let view = disk.mount()
        disk.inject(DiskFault(.rename, error: .io(path: "/d/a", operation: "rename", code: 5)))
        try view.writeFile(hello, to: "/d/a", permissions: 0o644)
        #expect(throws: FileSystemError.io(path: "/d/a", operation: "rename", code: 5)) { try view.rename(from: "/d/a", to: "/d/b") }
        try view.rename(from: "/d/a", to: "/d/b")
        #expect(throws: FileSystemError.noSpace("/d/c")) { try view.writeFile(hello, to: "/d/c", permissions: 0o644) }
        #expect(disk.statistics.writes == 1)
        #expect(disk.statistics.renames == 1)
    }

    @Test("tampering replaces a file durably, for corrupt-input scenarios")
    func tamper() throws {
        let disk = SimulatedDisk()
        disk.tamper(path: "/x/y/z", data: hello)
        #expect(disk.durableImage.data(at: "/x/y/z") == hello)
        let view = disk.mount()
        #expect(try view.contentsOfDirectory(at: "/x/y") == ["z"])
        try view.writeFile(Data("new".utf8), to: "/x/y/z", permissions: 0o644)
        try view.syncFile(at: "/x/y/z")
        #expect(disk.powerLoss(policy: .inOrderPrefix, seed: 3).data(at: "/x/y/z") == Data("new".utf8))
    }

    @Test("more pending operations than the limit are refused rather than enumerated")
    func enumerationLimit() throws {
        let disk = SimulatedDisk(image: DiskImage(directories: ["/d"]))
        let view = disk.mount()
        for index in 0..<5 { try view.writeFile(hello, to: "/d/\(index)", permissions: 0o644) }
        #expect(throws: SimulatedDiskError.tooManyPendingOperations(count: 10, limit: 4)) {
            try disk.possiblePowerLossImages(maximumPendingOperations: 4)
        }
    }
}
