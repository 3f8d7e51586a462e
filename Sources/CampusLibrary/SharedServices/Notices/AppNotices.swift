import Observation

/// What the student must be told once, whatever screen is up: a store restored from an older
/// copy, damaged and started afresh, or unreadable now (``StoreNotice``); a change that was not
/// saved; a message from before the screen was up (the one-time move of the files, logging off).
///
/// ```swift
/// notices.post("Your settings were damaged and reset to the defaults.")
/// notices.current      // shown above the window until the student presses Esc
/// notices.dismissCurrent()
/// ```
///
/// Notices are shown one at a time, oldest first, above whichever window is on screen
/// (``WindowView``), each until it is dismissed; posting a text that is already waiting does not
/// show it twice. Created by the composition root (application lifetime); lives on the main actor.
@Observable
@MainActor
public final class AppNotices {
    /// The notices not dismissed yet, oldest first.
    public private(set) var pending: [String] = []

    /// Creates an empty list.
    public init() {}

    /// The notice on screen, if any.
    public var current: String? { pending.first }

    /// Adds `text` (once: a text already waiting is not added again).
    public func post(_ text: String) {
        guard !pending.contains(text) else { return }
        pending.append(text)
    }

    /// The student read the notice on screen: the next one, if any, takes its place.
    public func dismissCurrent() {
        if !pending.isEmpty { pending.removeFirst() }
    }
}
