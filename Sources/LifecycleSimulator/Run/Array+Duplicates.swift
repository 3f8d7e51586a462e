extension Array where Element: Equatable {
    /// Removes each element equal to the one before it (on a sorted array: every duplicate).
    mutating func removeDuplicates() {
        guard count > 1 else { return }
        var kept = 1
        for index in 1..<count where self[index] != self[kept - 1] {
            self[kept] = self[index]
            kept += 1
        }
        removeLast(count - kept)
    }
}
