import Foundation

/// Values by path number (see ``PathTable``): an array indexed by number, `nil` where a path
/// holds nothing. A tree's directories and names; reading past the end answers `nil`, writing
/// past it grows the array. A value, `Sendable`; internal to the simulated disk.
struct PathSlots<Value: Equatable & Sendable>: Sendable {
    /// The value of each number so far (`nil`: nothing there); callers scan it for listings.
    private(set) var slots: [Value?] = []

    init() {}

    /// The value at `number`; setting `nil` removes it.
    subscript(number: Int) -> Value? {
        get { number < slots.count ? slots[number] : nil }
        set {
            if number >= slots.count {
                guard newValue != nil else { return }
                if slots.capacity <= number { slots.reserveCapacity(max(PathTable.typicalCount, 2 * number)) }
                while slots.count < number { slots.append(nil) }
                slots.append(newValue)
                return
            }
            slots[number] = newValue
        }
    }

    /// Sets the value at `number`; returns the one it replaced.
    mutating func updateValue(_ value: Value, at number: Int) -> Value? {
        let previous = self[number]
        self[number] = value
        return previous
    }

    /// Removes the value at `number`; returns it.
    mutating func removeValue(at number: Int) -> Value? {
        let previous = self[number]
        if previous != nil { slots[number] = nil }
        return previous
    }

    /// Whether some number holds `value` (a scan: a tree holds a few dozen names).
    func contains(_ value: Value) -> Bool {
        for slot in slots where slot == value { return true }
        return false
    }
}
