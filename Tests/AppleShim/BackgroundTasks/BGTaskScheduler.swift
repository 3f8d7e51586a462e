#if os(Linux)
import Dispatch
import Foundation

/// Mirrors BackgroundTasks' `class BGTaskScheduler`
/// (https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler). Does nothing.
open class BGTaskScheduler: NSObject {
    /// Mirrors `class var shared: BGTaskScheduler { get }` (…/bgtaskscheduler/shared). The shim's
    /// scheduler has no state, so each call may return a new one.
    open class var shared: BGTaskScheduler { BGTaskScheduler() }

    /// Mirrors `func register(forTaskWithIdentifier identifier: String, using queue: dispatch_queue_t?,
    /// launchHandler: @escaping (BGTask) -> Void) -> Bool`
    /// (…/bgtaskscheduler/register(fortaskwithidentifier:using:launchhandler:)).
    @discardableResult
    open func register(forTaskWithIdentifier identifier: String, using queue: DispatchQueue?, launchHandler: @escaping (BGTask) -> Void) -> Bool {
        true
    }

    /// Mirrors `func submit(_ taskRequest: BGTaskRequest) throws` (…/bgtaskscheduler/submit(_:)).
    open func submit(_ taskRequest: BGTaskRequest) throws {}

    /// Mirrors `func cancel(taskRequestWithIdentifier identifier: String)`
    /// (…/bgtaskscheduler/cancel(taskrequestwithidentifier:)).
    open func cancel(taskRequestWithIdentifier identifier: String) {}
}

/// Mirrors `class BGTaskRequest` (https://developer.apple.com/documentation/backgroundtasks/bgtaskrequest).
open class BGTaskRequest: NSObject {
    /// Mirrors `var identifier: String { get }` (…/bgtaskrequest/identifier).
    public let identifier: String
    /// Mirrors `@NSCopying var earliestBeginDate: Date?` (…/bgtaskrequest/earliestbegindate).
    open var earliestBeginDate: Date?

    init(shimIdentifier identifier: String) {
        self.identifier = identifier
    }
}

/// Mirrors `class BGAppRefreshTaskRequest` (https://developer.apple.com/documentation/backgroundtasks/bgapprefreshtaskrequest).
open class BGAppRefreshTaskRequest: BGTaskRequest {
    /// Mirrors `init(identifier: String)` (…/bgapprefreshtaskrequest/init(identifier:)).
    public init(identifier: String) {
        super.init(shimIdentifier: identifier)
    }
}

/// Mirrors `class BGProcessingTaskRequest` (https://developer.apple.com/documentation/backgroundtasks/bgprocessingtaskrequest).
open class BGProcessingTaskRequest: BGTaskRequest {
    /// Mirrors `var requiresExternalPower: Bool` (…/bgprocessingtaskrequest/requiresexternalpower).
    open var requiresExternalPower = false
    /// Mirrors `var requiresNetworkConnectivity: Bool` (…/bgprocessingtaskrequest/requiresnetworkconnectivity).
    open var requiresNetworkConnectivity = false

    /// Mirrors `init(identifier: String)` (…/bgprocessingtaskrequest/init(identifier:)).
    public init(identifier: String) {
        super.init(shimIdentifier: identifier)
    }
}

/// Mirrors `class BGTask` (https://developer.apple.com/documentation/backgroundtasks/bgtask).
open class BGTask: NSObject {
    /// Mirrors `var identifier: String { get }` (…/bgtask/identifier).
    public let identifier: String
    /// Mirrors `var expirationHandler: (() -> Void)?` (…/bgtask/expirationhandler).
    open var expirationHandler: (() -> Void)?

    /// Not in BackgroundTasks (the system creates tasks): for tests.
    public init(shimIdentifier identifier: String) {
        self.identifier = identifier
    }

    /// Mirrors `func setTaskCompleted(success: Bool)` (…/bgtask/settaskcompleted(success:)). Does nothing.
    open func setTaskCompleted(success: Bool) {}
}
#endif
