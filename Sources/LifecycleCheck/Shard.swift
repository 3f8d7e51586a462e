/// One of `count` disjoint slices of a search's schedules, `--shard INDEX/COUNT` (1-based):
/// consecutive schedules, the slices' sizes differing by one at most, so the shards of one
/// search cover every schedule exactly once. A value.
struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// Which slice, from 1.
    var index: Int
    /// How many slices.
    var count: Int

    /// Parses `I/N` with 1 ≤ I ≤ N.
    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        self.index = index
        self.count = count
    }

    /// The schedules of this slice among `schedules`.
    func range(of schedules: Int) -> Range<Int> {
        Self.start(of: index - 1, count: count, schedules: schedules)..<Self.start(of: index, count: count, schedules: schedules)
    }

    /// Where slice `slice` (from 0) of `count` starts among `schedules`: the first
    /// `schedules % count` slices have one schedule more.
    static func start(of slice: Int, count: Int, schedules: Int) -> Int {
        slice * (schedules / count) + min(slice, schedules % count)
    }

    var description: String { "\(index)/\(count)" }
}
