import Dispatch
import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Turns the system's memory-pressure notifications into calls on the main actor, where the
/// system offers them: a Dispatch memory-pressure source on Darwin; a PSI trigger on Linux
/// (`/proc/pressure/memory`, 200 ms of stalls within 2 s, watched by one thread blocked in `poll`).
/// Elsewhere, or when PSI is unavailable, ``start()`` returns false and only `SIGUSR1` remains.
///
/// Owned by its ``ProcessHost``; lives on the main actor; ``cancel()`` stops it.
@MainActor
final class MemoryPressureMonitor {
    private let handler: @MainActor () -> Void
    #if canImport(Darwin)
    private var source: (any DispatchSourceMemoryPressure)?
    #else
    /// The write end of the pipe that wakes the watcher thread to stop; -1 when not running.
    private var wakeDescriptor: Int32 = -1
    #endif

    /// Creates a monitor that calls `handler` on each pressure notification.
    init(handler: @escaping @MainActor () -> Void) {
        self.handler = handler
    }

    /// Starts watching; returns whether the system offers a pressure source.
    func start() -> Bool {
        #if canImport(Darwin)
        let source = DispatchSource.makeMemoryPressureSource(eventMask: [.warning, .critical], queue: .main)
        source.setEventHandler { [handler] in MainActor.assumeIsolated { handler() } }
        source.resume()
        self.source = source
        return true
        #else
        guard wakeDescriptor < 0 else { return true }
        let trigger = open("/proc/pressure/memory", O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard trigger >= 0 else { return false }
        let specification = Array("some 200000 2000000".utf8CString).map { UInt8(bitPattern: $0) }
        let written = specification.withUnsafeBytes { buffer in
            buffer.baseAddress.map { write(trigger, $0, buffer.count) } ?? -1
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard written > 0, pipe(&pipeEnds) == 0 else {
            close(trigger)
            return false
        }
        wakeDescriptor = pipeEnds[1]
        let wakeRead = pipeEnds[0]
        let handler = self.handler
        let thread = Thread {
            MemoryPressureMonitor.watch(trigger: trigger, wake: wakeRead, handler: handler)
        }
        thread.name = "ProcessHost memory pressure"
        thread.start()
        return true
        #endif
    }

    /// Stops watching.
    func cancel() {
        #if canImport(Darwin)
        source?.cancel()
        source = nil
        #else
        guard wakeDescriptor >= 0 else { return }
        close(wakeDescriptor)
        wakeDescriptor = -1
        #endif
    }

    #if !canImport(Darwin)
    /// The watcher thread's loop: forwards each `POLLPRI` to the main queue until the wake pipe
    /// closes or the trigger fails, then closes both descriptors.
    private nonisolated static func watch(trigger: Int32, wake: Int32, handler: @escaping @MainActor () -> Void) {
        defer {
            close(trigger)
            close(wake)
        }
        while true {
            var descriptors = [
                pollfd(fd: trigger, events: Int16(POLLPRI), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 { return }
            if descriptors[0].revents & Int16(POLLERR | POLLNVAL) != 0 { return }
            if descriptors[0].revents & Int16(POLLPRI) != 0 {
                DispatchQueue.main.async { MainActor.assumeIsolated { handler() } }
            }
        }
    }
    #endif
}
