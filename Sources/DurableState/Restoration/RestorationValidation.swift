/// The verdict of an app's validator on restored state, which is untrusted input: identifiers may
/// name records that no longer exist, numbers may be out of range.
///
/// ```swift
/// validate: { state in
///     guard let id = state.selectedBook, !catalogue.contains(id) else { return .valid(state) }
///     var repaired = state
///     repaired.selectedBook = nil
///     return .repaired(repaired, message: "The book you were reading is no longer available.")
/// }
/// ```
///
/// A value, `Sendable` when `State` is.
public enum RestorationValidation<State> {
    /// The state can be used as is.
    case valid(State)
    /// Some parts were invalid and were reset to defaults; `message` tells the user what was lost.
    case repaired(State, message: String)
    /// Nothing can be used; the default state is used and `message` tells the user.
    case invalid(message: String)
}

extension RestorationValidation: Sendable where State: Sendable {}
extension RestorationValidation: Equatable where State: Equatable {}
