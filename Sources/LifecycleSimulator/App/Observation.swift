import DurableState

/// One value the user can see, for the history checks. A `Sendable` value.
public struct Observation: Hashable, Sendable {
    /// Which value: the same key the app used when it recorded the edits.
    public var key: HistoryKey
    /// What is shown (`nil` for nothing, such as an empty note or no selection).
    public var value: String?

    /// Creates an observation.
    public init(key: HistoryKey, value: String?) {
        self.key = key
        self.value = value
    }

    /// What a registered screen shows (DurableState's `VisibleValue`), as the checks see it.
    public init(_ visible: VisibleValue) {
        self.init(key: HistoryKey(visible.name), value: visible.text)
    }
}
