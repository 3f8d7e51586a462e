/// The ordered callback logs every host must produce for the same lifecycle, as lines
/// `app.<event>` (application observer) and `scene.<callback> <session>` (scene delegate): what
/// the ProcessHost tests assert of a real process under real signals, and the AppleHost tests of
/// UIKit's callbacks mapped by `UIKitHost`. A namespace.
public enum ConformanceLog {
    /// Launch with one scene that comes to the foreground and becomes active.
    public static func launch(scene: String) -> [String] {
        [
            "app.willFinishLaunching", "app.didFinishLaunching",
            "scene.willConnect \(scene)", "scene.willEnterForeground \(scene)", "app.willEnterForeground",
            "scene.didBecomeActive \(scene)", "app.didBecomeActive",
        ]
    }

    /// The active scene resigns and enters the background.
    public static func resignAndBackground(scene: String) -> [String] {
        [
            "scene.willResignActive \(scene)", "app.willResignActive",
            "scene.didEnterBackground \(scene)", "app.didEnterBackground",
        ]
    }

    /// The background scene comes back to the foreground and becomes active.
    public static func foregroundAndActive(scene: String) -> [String] {
        [
            "scene.willEnterForeground \(scene)", "app.willEnterForeground",
            "scene.didBecomeActive \(scene)", "app.didBecomeActive",
        ]
    }

    /// The process is told it terminates.
    public static let terminate = ["app.willTerminate"]
}
