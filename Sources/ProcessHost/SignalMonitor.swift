import Dispatch

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Receives the signals ``ProcessHost`` maps, through Dispatch signal sources on the main queue.
///
/// Each signal's default disposition is first set to ignored, so that a signal arriving before its
/// source is armed is dropped instead of stopping or killing the process; then one source per
/// signal is created and resumed. Dispatch arms a source asynchronously (on Linux it installs its
/// own forwarding handler and a `signalfd`), so ``start(onReady:)`` calls `onReady` only once every
/// source has reported its registration: from then on no signal can be missed. Handlers run on the
/// main queue, never in signal context.
///
/// Owned by its ``ProcessHost``; lives on the main actor; dies with the process (signals stay
/// ignored after ``cancel()``).
@MainActor
final class SignalMonitor {
    private let signals: [ProcessSignal]
    private let handler: @MainActor (ProcessSignal) -> Void
    /// One source per signal, alive until ``cancel()``.
    private var sources: [any DispatchSourceSignal] = []
    /// Sources whose registration has not been reported yet; `onReady` runs when it reaches zero.
    private var unregistered = 0

    /// Creates a monitor for `signals` that hands each delivery to `handler` on the main actor.
    init(signals: [ProcessSignal], handler: @escaping @MainActor (ProcessSignal) -> Void) {
        self.signals = signals
        self.handler = handler
    }

    /// Ignores the default dispositions, arms one source per signal and calls `onReady` once all
    /// of them are registered. Calling it twice does nothing.
    func start(onReady: @escaping @MainActor () -> Void) {
        guard sources.isEmpty else { return }
        unregistered = signals.count
        for signal in signals {
            SignalMonitor.ignore(signal.number)
            let source = DispatchSource.makeSignalSource(signal: signal.number, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.handler(signal) }
            }
            source.setRegistrationHandler { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.unregistered -= 1
                    if self.unregistered == 0 { onReady() }
                }
            }
            sources.append(source)
            source.resume()
        }
        if signals.isEmpty { onReady() }
    }

    /// Stops delivering signals. They stay ignored.
    func cancel() {
        for source in sources { source.cancel() }
        sources.removeAll()
    }

    private nonisolated static func ignore(_ number: Int32) {
        _ = signal(number, SIG_IGN)
    }
}
