import Foundation

/// The result of restoring one piece of state: always a state to use, plus what happened.
///
/// ```swift
/// let restored = restoration.restoreScene(for: scene.id, schema: .readerScene)
/// controller.apply(restored.state)
/// if let message = restored.recoveryMessages.first { controller.showNotice(message) }
/// ```
///
/// A value, `Sendable` when `State` is.
public struct Restored<State> {
    /// How the state was obtained.
    public enum Outcome: Sendable, Equatable {
        /// Nothing was stored; the default is used. Not an error.
        case nothingStored
        /// The stored state passed validation.
        case restored
        /// The stored state was partly reset by the validator.
        case repaired
        /// The stored state could not be used; the default is used (see ``Restored/problem``).
        case defaulted
    }

    /// The state to use.
    public var state: State
    /// How it was obtained.
    public var outcome: Outcome
    /// Messages for the user from the validator (what was reset or lost).
    public var recoveryMessages: [String]
    /// What went wrong, if anything.
    public var problem: RestorationError?
    /// The schema version the state was stored with, if it was read.
    public var storedSchemaVersion: Int?
    /// When the state was written, if it was read.
    public var writtenAt: Date?
}

extension Restored: Sendable where State: Sendable {}
extension Restored: Equatable where State: Equatable {}
