import DurableState
import Foundation
import Lifecycle
import LifelineHistory

/// DurableState's `KeyValueStoring` on a simulated process: the device's user defaults
/// (``DeviceDefaults``), which outlive the process, reach the disk a second after a change and
/// are lost to a power loss before that, as `UserDefaults` on iOS.
///
/// Every set is reported to the process's history under `UserDefaults.<key>` as an edit the app
/// takes for saved when the call returns (`UserDefaults` never says otherwise), and every read is
/// checked against the history, so an app that keeps the user's work in user defaults is charged
/// for what a power loss takes (say what the store promises with the simulator's per-store
/// promises to leave power loss out). Calls from a dead process do nothing and read nothing;
/// calls from another thread than the main one are escaped work.
///
/// Made by the simulator for each process (``SimulationEnvironment/defaults``); `Sendable`: its
/// state is the device's, on the main actor.
final class SimulatedDefaults: KeyValueStoring {
    let device: DeviceDefaults
    let context: RunContext
    let history: (any StorageHistory)?
    let process: Int

    init(device: DeviceDefaults, context: RunContext, history: (any StorageHistory)?, process: Int) {
        self.device = device
        self.context = context
        self.history = history
        self.process = process
    }

    func containsValue(forKey key: String) -> Bool {
        read(key) != nil
    }

    func string(forKey key: String) -> String? {
        if case .text(let text) = read(key) { return text }
        return nil
    }

    func integer(forKey key: String) -> Int {
        switch read(key) {
        case .integer(let number): number
        case .number(let number): Int(number)
        case .flag(let flag): flag ? 1 : 0
        case .text(let text): Int(text) ?? 0
        default: 0
        }
    }

    func double(forKey key: String) -> Double {
        switch read(key) {
        case .number(let number): number
        case .integer(let number): Double(number)
        case .flag(let flag): flag ? 1 : 0
        case .text(let text): Double(text) ?? 0
        default: 0
        }
    }

    func bool(forKey key: String) -> Bool {
        switch read(key) {
        case .flag(let flag): flag
        case .integer(let number): number != 0
        case .number(let number): number != 0
        case .text(let text): ["yes", "true", "1"].contains(text.lowercased())
        default: false
        }
    }

    func data(forKey key: String) -> Data? {
        if case .bytes(let bytes) = read(key) { return Data(bytes) }
        return nil
    }

    func stringArray(forKey key: String) -> [String]? {
        if case .texts(let texts) = read(key) { return texts }
        return nil
    }

    func set(_ value: String, forKey key: String) { write(.text(value), key) }
    func set(_ value: Int, forKey key: String) { write(.integer(value), key) }
    func set(_ value: Double, forKey key: String) { write(.number(value), key) }
    func set(_ value: Bool, forKey key: String) { write(.flag(value), key) }
    func set(_ value: Data, forKey key: String) { write(.bytes(Array(value)), key) }
    func set(_ value: [String], forKey key: String) { write(.texts(value), key) }
    func removeObject(forKey key: String) { write(nil, key) }

    /// The history key of the value `key`.
    static func historyKey(_ key: String) -> HistoryKey { HistoryKey("UserDefaults." + key) }

    private func read(_ key: String) -> DeviceDefaults.Value? {
        guard isMainThread("read of \(key)") else { return nil }
        return MainActor.assumeIsolated {
            guard context.isAlive(process) else { return nil }
            let value = device.values[key]
            history?.didLoad(Self.historyKey(key), text: value?.historyText)
            return value
        }
    }

    private func write(_ value: DeviceDefaults.Value?, _ key: String) {
        guard isMainThread("set of \(key)") else { return }
        MainActor.assumeIsolated {
            guard context.isAlive(process) else { return }
            let historyKey = Self.historyKey(key)
            history?.willSave(historyKey, text: value?.historyText, persistence: .durable)
            device.set(value, forKey: key, at: context.now)
            context.record("defaults", "set \(key)")
            history?.didSave(historyKey, text: value?.historyText)
        }
    }

    /// Whether the call comes from the main thread; a call from another is escaped work.
    private func isMainThread(_ call: String) -> Bool {
        guard MainQueue.isCurrent else {
            context.offMainAccesses.append("user defaults \(call) from another thread")
            return false
        }
        return true
    }
}
