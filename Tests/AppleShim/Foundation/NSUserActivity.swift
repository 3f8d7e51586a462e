#if os(Linux)
import Foundation

/// Mirrors Foundation's `class NSUserActivity` (https://developer.apple.com/documentation/foundation/nsuseractivity),
/// which swift-corelibs-foundation does not have.
open class NSUserActivity: NSObject {
    /// Mirrors `var activityType: String { get }` (…/nsuseractivity/activitytype).
    public let activityType: String
    /// Mirrors `var userInfo: [AnyHashable : Any]?` (…/nsuseractivity/userinfo).
    open var userInfo: [AnyHashable: Any]?
    /// Mirrors `var webpageURL: URL?` (…/nsuseractivity/webpageurl).
    open var webpageURL: URL?

    /// Mirrors `init(activityType: String)` (…/nsuseractivity/init(activitytype:)).
    public init(activityType: String) {
        self.activityType = activityType
    }
}
#endif
