import DurableState
import Lifecycle

/// Why an event cannot happen in the device's current state: the answer of the device's one
/// legality rule. The explorer only generates events that have none; a replay that meets one
/// stops with ``ReplayError/illegalEvent(index:event:reason:)``.
///
/// The cases carry values, not texts: the generator asks for the refusal of dozens of events
/// before every step, and ``description`` builds the sentence only when it is shown. A
/// `Sendable` value.
public enum EventRefusal: Hashable, Sendable, CustomStringConvertible {
    /// The run already stopped at a violation: nothing more happens.
    case runStopped
    /// A launch while the process is alive (running, or suspended when `suspended`).
    case processAlive(suspended: Bool)
    /// The event needs a live process and none is.
    case processNotRunning
    /// The event needs a running process and it is suspended.
    case processSuspended
    /// A `suspend` of a process that is already suspended (the device suspends by itself).
    case alreadySuspended
    /// The app has no deep link number `index` (it has `count`).
    case noSuchLink(index: Int, count: Int)
    /// The slot is not one of the device's slots `1…slots`.
    case slotOutOfRange(slot: Int, slots: Int)
    /// The slot's scene is already connected.
    case sceneConnected(slot: Int)
    /// The slot has no connected scene.
    case sceneNotConnected(slot: Int)
    /// The slot's scene is in `state`, not in the state the event needs.
    case sceneNot(Requirement, slot: Int, state: SceneState)
    /// The slot has no saved restoration payload to damage.
    case noRestorationPayload(slot: Int)
    /// The app has no restoration mutation number `index` (it has `count`).
    case noSuchMutation(index: Int, count: Int)
    /// The slot has no session to discard.
    case noSession(slot: Int)
    /// The slot's session cannot be discarded while its scene is connected.
    case sessionInUse(slot: Int)
    /// The app has no action of that name.
    case noSuchAction(name: String)
    /// The action's precondition does not hold in the slot's scene now.
    case actionDisabled(name: String, slot: Int)
    /// The app holds background time (a task, an extra-time lease, a silent push).
    case holdsBackgroundTime
    /// A scene is in the foreground.
    case sceneInForeground
    /// A crash point below the first storage operation.
    case noSuchOperation(Int)
    /// A crash is already armed for the next step.
    case crashArmed
    /// No request for the background task is pending.
    case noPendingRequest(identifier: String)
    /// The request's earliest begin is later than the device's time (both in milliseconds).
    case requestNotDue(identifier: String, earliestBegin: Int64, now: Int64)
    /// The background task is running already.
    case taskRunning(identifier: String)
    /// The background task is not running.
    case taskNotRunning(identifier: String)
    /// No extra-time lease is held.
    case noExtraTimeLease
    /// Time must move forward: an advance of this many milliseconds does not.
    case advanceNotForward(milliseconds: Int)
    /// Time must move forward: a jump of this many hours does not.
    case jumpNotForward(hours: Int)
    /// Files are damaged only while the process is not running.
    case damageWhileRunning
    /// No file can be damaged (none but the keychain's, or all empty).
    case noFileToDamage
    /// The service is down already.
    case serviceDown(service: String, outage: ServiceOutage)
    /// The service is not down.
    case serviceUp(service: String)
    /// The storage is full already.
    case storageFull
    /// The storage is not full.
    case storageNotFull
    /// The device is locked (or not yet unlocked since it booted): the user cannot open or use
    /// the app, and cannot lock it again.
    case deviceLocked(DeviceLockState)
    /// The device is unlocked already.
    case deviceUnlocked
    /// The app has no version after the one installed (`installed`, of `count`).
    case noNextVersion(installed: Int, count: Int)

    /// The state a scene event needs its scene in.
    public enum Requirement: Hashable, Sendable {
        /// Foreground active.
        case active
        /// Foreground, active or inactive.
        case inForeground
        /// In the background.
        case inBackground
        /// Anything but foreground active (already active otherwise).
        case notActive
    }

    /// The reason in words (`scene 2 is not connected`).
    public var description: String {
        switch self {
        case .runStopped: "the run already stopped at a violation"
        case .processAlive(let suspended): "the process is already \(suspended ? "suspended" : "running")"
        case .processNotRunning: "the process is not running"
        case .processSuspended: "the process is suspended"
        case .alreadySuspended:
            "the process is suspended (the device suspends an app by itself once no background time is left)"
        case let .noSuchLink(index, count): "the app has no deep link number \(index) (it has \(count))"
        case let .slotOutOfRange(slot, slots): "scene \(slot) is outside the device's slots 1…\(slots)"
        case .sceneConnected(let slot): "scene \(slot) is already connected"
        case .sceneNotConnected(let slot): "scene \(slot) is not connected"
        case let .sceneNot(requirement, slot, state):
            switch requirement {
            case .active: "scene \(slot) is not active (it is \(state))"
            case .inForeground: "scene \(slot) is not in the foreground (it is \(state))"
            case .inBackground: "scene \(slot) is not in the background (it is \(state))"
            case .notActive: "scene \(slot) is already active"
            }
        case .noRestorationPayload(let slot): "scene \(slot) has no saved restoration payload to damage"
        case let .noSuchMutation(index, count):
            "the app has no restoration mutation number \(index) (it has \(count))"
        case .noSession(let slot): "scene \(slot) has no session to discard"
        case .sessionInUse(let slot): "scene \(slot) is connected (a connected scene's session cannot be discarded)"
        case .noSuchAction(let name): "the app has no action named \"\(name)\""
        case let .actionDisabled(name, slot): "the action \"\(name)\" is not enabled in scene \(slot) now"
        case .holdsBackgroundTime: "the app holds background time (a background task, extra-time lease or silent push)"
        case .sceneInForeground: "a scene is in the foreground"
        case .noSuchOperation(let operation): "the storage operation number must be at least 1, not \(operation)"
        case .crashArmed: "a crash is already armed for the next step"
        case .noPendingRequest(let identifier): "no request for background task '\(identifier)' is pending"
        case let .requestNotDue(_, earliestBegin, now):
            "the request's earliest begin is t+\(earliestBegin)ms; the device is at t+\(now)ms"
        case .taskRunning(let identifier): "background task '\(identifier)' is already running"
        case .taskNotRunning(let identifier): "background task '\(identifier)' is not running"
        case .noExtraTimeLease: "no extra-time lease is held"
        case .advanceNotForward(let milliseconds): "time must move forward, not by \(milliseconds) ms"
        case .jumpNotForward(let hours): "time must move forward, not by \(hours) h"
        case .damageWhileRunning: "the process is running (files are damaged only while it is not)"
        case .noFileToDamage: "no file can be damaged"
        case let .serviceDown(service, outage): "\(service) is already down (\(outage))"
        case .serviceUp(let service): "\(service) is not down"
        case .storageFull: "the storage is already full"
        case .storageNotFull: "the storage is not full"
        case .deviceLocked(let state): "the device is \(state)"
        case .deviceUnlocked: "the device is already unlocked"
        case let .noNextVersion(installed, count):
            count < 2 ? "the app declares no versions to update to" : "version \(installed + 1) of \(count), the app's last, is installed"
        }
    }
}
