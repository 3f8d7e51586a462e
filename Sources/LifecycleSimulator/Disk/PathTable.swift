import Foundation

/// The numbers a ``SimulatedDisk`` gives paths: each path named by a call gets a number once
/// (the root is 0), so the trees index arrays by number instead of hashing paths, and the
/// pending log compares numbers (a path's parent directory is looked up, not computed).
///
/// Numbers are never reused or forgotten: a run names a few dozen paths. A value, `Sendable`;
/// internal to the simulated disk, which keeps one under its lock.
struct PathTable: Sendable {
    /// Numbers by path.
    private var numbers: [DiskKey: Int]
    /// Paths by number.
    private(set) var texts: [String]
    /// The number of each path's parent directory, by number (the root's parent is the root).
    private(set) var parents: [Int]

    /// A table with only the root, with room for the paths of a typical run (every schedule
    /// makes a disk: grown from empty, the tables were reallocated five or six times each).
    init() {
        numbers = Dictionary(minimumCapacity: Self.typicalCount)
        numbers[DiskKey("/")] = 0
        texts = ["/"]
        texts.reserveCapacity(Self.typicalCount)
        parents = [0]
        parents.reserveCapacity(Self.typicalCount)
    }

    /// About how many paths a schedule of the example app names (a dozen; more in Campus).
    static let typicalCount = 16

    /// The number of `key`'s path if it has one (a lookup that adds nothing: reads).
    func existingNumber(of key: DiskKey) -> Int? {
        numbers[key]
    }

    /// The number of `key`'s path (normalised), given on first use along with its parents'.
    mutating func number(of key: DiskKey) -> Int {
        if let number = numbers[key] { return number }
        let parent = number(of: key.parent)
        let number = texts.count
        numbers[key] = number
        texts.append(key.text)
        parents.append(parent)
        return number
    }

    /// The number of `path` (normalised).
    mutating func number(of path: String) -> Int {
        number(of: DiskKey(path))
    }

    /// The path numbered `number`.
    func text(of number: Int) -> String {
        texts[number]
    }

    /// The number of the directory holding the path numbered `number`.
    func parent(of number: Int) -> Int {
        parents[number]
    }
}
