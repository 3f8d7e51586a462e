import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Gives the terminal back when the process ends in a way the main actor does not see: `exit()`
/// called from anywhere, a crash (`SIGSEGV`, `SIGILL` from a Swift trap, `SIGABRT`, …) or the
/// termination watchdog firing while the main actor is blocked.
///
/// Everything the signal handler touches is allocated once and never freed, and the handler only
/// calls async-signal-safe functions (`write`, `tcsetattr`, `sigaction`, `raise`). After
/// restoring, the handler reinstalls the disposition that was in place before (the Swift runtime's
/// backtracer, or the default) and raises the signal again, so the crash is reported as usual.
///
/// ``Terminal`` arms it when it enters terminal mode and disarms it when it leaves. A restore
/// happens at most once per arming, whoever asks first. Process-wide; no instances.
enum EmergencyTerminalRestore {
    /// The fatal signals whose handlers restore the terminal before the crash proceeds. `SIGQUIT`
    /// is not one: ``ProcessHost`` ends the app through the lifecycle on it (``ProcessSignal/quit``).
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

    /// What a restore writes and applies.
    struct Record {
        var fileDescriptor: Int32 = -1
        var hasSettings = false
        var settings = termios()
        var byteCount = 0
    }

    /// The largest reset sequence that can be stored.
    static let capacity = 64

    /// 0: nothing to restore; 1: armed; 2: a restore is running.
    static let state = Atomic<Int>(0)

    // Safe because it is written only on the main actor while `state` is 0 (disarmed) and read by a
    // restore only after it moved `state` from 1 to 2; the allocation is never freed.
    nonisolated(unsafe) static let record: UnsafeMutablePointer<Record> = {
        let pointer = UnsafeMutablePointer<Record>.allocate(capacity: 1)
        pointer.initialize(to: Record())
        return pointer
    }()

    // Safe because, like `record`, it is written only while disarmed and never freed.
    nonisolated(unsafe) static let bytes: UnsafeMutablePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        pointer.initialize(repeating: 0, count: capacity)
        return pointer
    }()

    // Safe because each slot is written once, on the main actor, before the handler for that signal
    // is installed, and only read by that handler afterwards; never freed.
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        pointer.initialize(repeating: sigaction(), count: 65)
        return pointer
    }()

    /// Whether the hooks are installed; main actor only.
    @MainActor private static var isInstalled = false

    /// Installs the exit hook and the fatal-signal handlers (once per process). Touches every
    /// static first, so that no lazy initialization can ever happen in signal context.
    @MainActor
    static func installOnce() {
        guard !isInstalled else { return }
        isInstalled = true
        _ = state.load(ordering: .relaxed)
        _ = record
        _ = bytes
        _ = previousActions
        atexit(exitHook)
        for signal in fatalSignals {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = fatalSignalHandler
            #else
            action.__sigaction_handler.sa_handler = fatalSignalHandler
            #endif
            action.sa_flags = Int32(SA_ONSTACK)
            sigemptyset(&action.sa_mask)
            _ = sigaction(signal, &action, previousActions + Int(signal))
        }
    }

    /// Records what to do to give the terminal back, and arms the hooks.
    @MainActor
    static func arm(fileDescriptor: Int32, settings: termios?, resetSequence: [UInt8]) {
        disarm()
        let count = min(resetSequence.count, capacity)
        for index in 0..<count { bytes[index] = resetSequence[index] }
        record.pointee = Record(
            fileDescriptor: fileDescriptor, hasSettings: settings != nil,
            settings: settings ?? termios(), byteCount: count
        )
        state.store(1, ordering: .releasing)
    }

    /// Disarms the hooks: the terminal was restored normally.
    @MainActor
    static func disarm() {
        _ = state.compareExchange(expected: 1, desired: 0, ordering: .acquiringAndReleasing)
    }

    /// Restores the terminal if armed. Async-signal-safe; callable from any thread.
    static func restoreNow() {
        guard state.compareExchange(expected: 1, desired: 2, ordering: .acquiringAndReleasing).exchanged else { return }
        let current = record.pointee
        if current.byteCount > 0 {
            _ = write(current.fileDescriptor, bytes, current.byteCount)
        }
        if current.hasSettings {
            var settings = current.settings
            _ = tcsetattr(current.fileDescriptor, TCSANOW, &settings)
        }
        state.store(0, ordering: .releasing)
    }

    /// Runs in signal context: restore, put the previous disposition back, re-raise.
    static func handleFatalSignal(_ signal: Int32) {
        restoreNow()
        _ = sigaction(signal, previousActions + Int(signal), nil)
        _ = raise(signal)
    }
}

private let fatalSignalHandler: @convention(c) (Int32) -> Void = { signal in
    EmergencyTerminalRestore.handleFatalSignal(signal)
}

private let exitHook: @convention(c) () -> Void = {
    EmergencyTerminalRestore.restoreNow()
}
