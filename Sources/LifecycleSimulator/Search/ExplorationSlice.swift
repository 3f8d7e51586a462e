/// A part of a random search: the schedules of `range`, run from the state `start` says the
/// search stood in before them, what they did (``summary``) and where they left the search
/// (``end``). ``Explorer`` makes one with `explore(seed:range:depth:from:progress:)`; the
/// slices of worker processes or of a CI matrix's shards fold into the slice of the whole
/// search with ``merging(_:)``.
///
/// A `Sendable` value.
package struct ExplorationSlice: Sendable {
    /// The schedules of the search this slice covers (a finished search ran fewer).
    package var range: Range<Int>
    /// Where the search stood before the first of them, as this slice was told.
    package var start: ExplorationState
    /// What the slice did.
    package var summary: ExplorationSummary
    /// Where the slice left the search.
    package var end: ExplorationState

    package init(range: Range<Int>, start: ExplorationState, summary: ExplorationSummary, end: ExplorationState) {
        self.range = range
        self.start = start
        self.summary = summary
        self.end = end
    }
}
