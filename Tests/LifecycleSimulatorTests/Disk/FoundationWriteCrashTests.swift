import DurableState
import Foundation
@testable import LifecycleSimulator
import LifelineTestSupport
import Testing

/// What a kill and a power loss leave of a file written the way Foundation writes it
/// (`SimulatedFiles`, the simulator's `FileManaging`), at every crash point of the write, checked
/// against what `FileManaging`'s documentation says Foundation promises.
@Suite("Foundation's writes on the simulated disk")
@MainActor
struct FoundationWriteCrashTests {
    static let url = URL(filePath: "/Documents/scrums.json")

    /// Every file content a death can leave, by whether the write had returned: for each crash
    /// point, the state a kill leaves and every state a power loss could leave.
    struct Outcomes {
        var afterKill: Set<String?> = []
        var afterPowerLoss: Set<String?> = []
        var afterAcknowledgedPowerLoss: Set<String?> = []
        var afterAcknowledgedKill: Set<String?> = []
    }

    func outcomes(writing new: String, over old: String?, options: Data.WritingOptions) throws -> Outcomes {
        let prepared = SimulatedDisk()
        let setUp = prepared.mount()
        try setUp.createDirectory(at: "/Documents", permissions: 0o755)
        try setUp.syncDirectory(at: "/")
        if let old {
            try SimulatedFiles(fileSystem: setUp, history: nil, process: 0).write(Data(old.utf8), to: Self.url, options: .atomic)
            try setUp.syncDirectory(at: "/Documents")
        }
        let base = prepared.currentImage
        var outcomes = Outcomes()
        for crashPoint in 0..<20 {
            let disk = SimulatedDisk(image: base)
            let view = disk.mount()
            disk.kill(view, afterOperations: crashPoint)
            let acknowledged = (try? SimulatedFiles(fileSystem: view, history: nil, process: 1)
                .write(Data(new.utf8), to: Self.url, options: options)) != nil
            let read = { (image: DiskImage) in
                (try? SimulatedDisk(image: image).mount().readFile(at: Self.url.path)).map { String(decoding: $0, as: UTF8.self) }
            }
            let killed = read(disk.currentImage)
            let powerLost = Set(try disk.possiblePowerLossImages().map(read))
            if acknowledged {
                outcomes.afterAcknowledgedKill.insert(killed)
                outcomes.afterAcknowledgedPowerLoss.formUnion(powerLost)
                break
            }
            outcomes.afterKill.insert(killed)
            outcomes.afterPowerLoss.formUnion(powerLost)
        }
        return outcomes
    }

    @Test(".atomic: a kill leaves the old file or the new one, whole; a power loss after it returned can bring the old one back")
    func atomicWrite() throws {
        let outcomes = try outcomes(writing: "new", over: "old", options: .atomic)
        #expect(outcomes.afterKill.isSubset(of: ["old", "new"]))
        #expect(outcomes.afterAcknowledgedKill == ["new"])
        #expect(outcomes.afterPowerLoss.isSubset(of: ["old", "new"]), "never torn: the temporary file is synced before the rename")
        #expect(outcomes.afterAcknowledgedPowerLoss == ["old", "new"], "the rename is not durable: Foundation does not sync the directory")
    }

    @Test("no options: a kill between the truncation and the write leaves the file empty; once it returned, its bytes survive")
    func plainWrite() throws {
        let outcomes = try outcomes(writing: "new", over: "old", options: [])
        #expect(outcomes.afterKill.contains(""), "truncated, then killed before the bytes")
        #expect(outcomes.afterKill.isSubset(of: ["old", "", "new"]))
        #expect(outcomes.afterAcknowledgedKill == ["new"])
        #expect(outcomes.afterAcknowledgedPowerLoss == ["new"], "fsync after the write: the existing file's bytes are durable")
    }

    @Test("no options, a new file: after it returned a power loss can still lose its name")
    func plainWriteOfANewFile() throws {
        let outcomes = try outcomes(writing: "new", over: nil, options: [])
        #expect(outcomes.afterAcknowledgedPowerLoss.contains(nil), "the directory entry is never synced")
        #expect(outcomes.afterAcknowledgedPowerLoss.contains("new"))
    }

    @Test("each write, removal and read is reported under the file's path; a read is checked against the history")
    func reports() throws {
        let history = RecordingHistory()
        let disk = SimulatedDisk()
        let files = SimulatedFiles(fileSystem: disk.mount(), history: history, process: 1)
        try files.createDirectory(at: files.documentsDirectory, withIntermediateDirectories: true)
        try files.write(Data("[1]".utf8), to: Self.url, options: .atomic)
        #expect(files.contents(atPath: Self.url.path) == Data("[1]".utf8))
        try files.removeItem(at: Self.url)
        #expect(files.contents(atPath: Self.url.path) == nil)
        #expect(history.log == [
            "will save /Documents/scrums.json = \"[1]\" (durable)", "saved /Documents/scrums.json = \"[1]\"",
            "loaded /Documents/scrums.json = \"[1]\"", "will save /Documents/scrums.json = nil (durable)",
            "saved /Documents/scrums.json = nil", "loaded /Documents/scrums.json = nil",
        ])
    }

    @Test("bytes that are not UTF-8 appear as their size and digest")
    func binaryText() {
        let text = SimulatedFiles.text(of: Data([0xFF, 0xFE, 0x00]))
        #expect(text.hasPrefix("3 bytes, FNV-1a "))
        #expect(text == SimulatedFiles.text(of: Data([0xFF, 0xFE, 0x00])))
    }
}

/// An app written with Foundation's file calls, explored as it is: the power loss that undoes an
/// `.atomic` rename is found from what the app reads back, with no line written for the simulator.
@Suite("An app that writes with Data.write, explored")
@MainActor
struct FoundationFilesExplorationTests {
    @Test("trusting .atomic across a power loss is found as a lost acknowledged edit read back from the file")
    func atomicTrustedAcrossPowerLoss() async throws {
        let summary = await Explorer(simulator: Simulator(app: FoundationFilesApp.app(options: .atomic))).explore(seed: 1, schedules: 300)
        let failure = try #require(summary.failure as FailureReport?)
        #expect(failure.violation.kind == .lostAcknowledgedEdit)
        #expect(failure.violation.message.contains("/Documents/notes.json"))
        let losesPower = failure.events.contains { event in
            switch event {
            case .powerLoss, .crashDuringNextStep(_, .powerLoss): true
            default: false
            }
        }
        #expect(losesPower)
        #expect(failure.events.count <= 10)
    }
}
