#if canImport(UIKit) && !os(watchOS)
import DurableState
import Synchronization
import UIKit

/// The device's lock state as UIKit tells it: `UIApplication.isProtectedDataAvailable` when
/// made, then `protectedDataWillBecomeUnavailableNotification` and
/// `protectedDataDidBecomeAvailableNotification`
/// (https://developer.apple.com/documentation/uikit/uiapplication/isprotecteddataavailable).
///
/// ```swift
/// let storage = StorageEnvironment(fileSystem: POSIXFileSystem(), protectedData: UIKitProtectedData())
/// ```
///
/// UIKit says only "available" or not, so unavailable is ``DeviceLockState/locked``: a
/// `completeUntilFirstUserAuthentication` file before the first unlock is then refused by the
/// system itself, which the stores report the same way. Made on the main actor by the
/// composition root and kept for the process's life; `Sendable`, its state behind a `Mutex`
/// (the stores ask from any thread), its observers removed when it is released.
public final class UIKitProtectedData: ProtectedDataAvailability {
    private let state: Mutex<DeviceLockState>
    /// The center observed and its two observers, removed from that center when released.
    private let observers: Mutex<(center: NotificationCenter, tokens: [any NSObjectProtocol])>

    /// Starts from UIKit's answer now and follows its notifications.
    @MainActor
    public init(center: NotificationCenter = .default) {
        state = Mutex(UIApplication.shared.isProtectedDataAvailable ? .unlocked : .locked)
        observers = Mutex((center: center, tokens: []))
        let lost = center.addObserver(
            forName: UIApplication.protectedDataWillBecomeUnavailableNotification, object: nil, queue: nil
        ) { [weak self] _ in self?.state.withLock { $0 = .locked } }
        let regained = center.addObserver(
            forName: UIApplication.protectedDataDidBecomeAvailableNotification, object: nil, queue: nil
        ) { [weak self] _ in self?.state.withLock { $0 = .unlocked } }
        observers.withLock { $0.tokens = [lost, regained] }
    }

    deinit {
        observers.withLock { observed in
            for token in observed.tokens { observed.center.removeObserver(token) }
        }
    }

    /// The state UIKit last announced.
    public var deviceLockState: DeviceLockState { state.withLock { $0 } }
}
#endif
