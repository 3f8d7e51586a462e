/// Where one scope caches the value of one slot: the slot's `Box`, or `nil` until the value is
/// created (or provided).
///
/// A scope has a cell for each slot of its own lifetime, made when it opens; resolutions from its
/// descendants read the same cell. Owned by its ``ServiceScope``; lives on the main actor.
@MainActor
final class SlotCell {
    /// The `Box` of the slot's value type holding the value, or `nil`.
    var box: AnyObject?
}
