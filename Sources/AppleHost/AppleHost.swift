import Lifecycle

/// What the Apple adapters need from the platform-neutral modules, named once so both the UIKit
/// and SwiftUI bridges agree. Compiled everywhere; the bridges themselves only where UIKit or
/// SwiftUI exist (they are not built by CI on Linux).
public enum AppleHost {
    /// The `NSUserActivity` type the SwiftUI restoration bridge uses for a scene's payload.
    public static let restorationActivityType = "dev.lifeline.scene-restoration"

    /// The user-info key under which a scene's restoration payload travels in that activity.
    public static let restorationPayloadKey = "payload"

    /// The budgets the adapters announce: iOS's documented and observed limits.
    public static let budgets = BackgroundBudgets.iOS
}
