import Dispatch

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads standard input without blocking the main actor: a Dispatch read source on the main queue
/// wakes it when bytes are available, and each read is preceded by a zero-timeout `poll`, so a
/// read never blocks even if someone else drained the input first.
///
/// ``pause()`` suspends the source: a process moved to the background must not read from its
/// terminal (that would stop it with `SIGTTIN`). End of input is reported once, then the source is
/// cancelled. Linux's Dispatch does not report a pipe's hang-up without data, so the reader also
/// checks for it after every read; a pipe closed while idle is only noticed at the next input.
///
/// Owned by its ``ProcessHost``; lives on the main actor.
@MainActor
final class InputReader {
    private let descriptor: Int32
    private let onBytes: @MainActor ([UInt8]) -> Void
    private let onEnd: @MainActor () -> Void
    /// The read source, from ``start()`` until end of input or ``cancel()``.
    private var source: (any DispatchSourceRead)?
    /// Whether the source is suspended by ``pause()``; suspensions must balance resumptions.
    private var isPaused = false
    private var buffer = [UInt8](repeating: 0, count: 4096)

    /// Creates a reader of `descriptor` that hands bytes and end of input to the main actor.
    init(
        descriptor: Int32, onBytes: @escaping @MainActor ([UInt8]) -> Void, onEnd: @escaping @MainActor () -> Void
    ) {
        self.descriptor = descriptor
        self.onBytes = onBytes
        self.onEnd = onEnd
    }

    /// Starts reading. Input already waiting (or an immediate end, as with `/dev/null`) is handled
    /// on the next turn of the main queue.
    func start() {
        guard source == nil else { return }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readAvailable() }
        }
        self.source = source
        source.resume()
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.readAvailable() }
        }
    }

    /// Stops reading until ``resume()``.
    func pause() {
        guard let source, !isPaused else { return }
        isPaused = true
        source.suspend()
    }

    /// Reads again after ``pause()``.
    func resume() {
        guard let source, isPaused else { return }
        isPaused = false
        source.resume()
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.readAvailable() }
        }
    }

    /// Stops reading for good.
    func cancel() {
        guard let source else { return }
        self.source = nil
        source.cancel()
        if isPaused {
            isPaused = false
            source.resume()
        }
    }

    private func readAvailable() {
        guard source != nil, !isPaused else { return }
        let readiness = poll(events: Int16(POLLIN))
        guard readiness & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 else { return }
        let count = buffer.withUnsafeMutableBytes { raw -> Int in
            guard let base = raw.baseAddress else { return 0 }
            return read(descriptor, base, raw.count)
        }
        if count > 0 {
            onBytes(Array(buffer[0..<count]))
            // The bytes may have paused or cancelled the reader (a quit key): leave the end for later.
            if count < buffer.count, source != nil, !isPaused {
                let after = poll(events: Int16(POLLIN))
                if after & Int16(POLLHUP) != 0, after & Int16(POLLIN) == 0 { finish() }
            }
        } else if count == 0 {
            finish()
        } else if errno != EINTR, errno != EAGAIN {
            finish()
        }
    }

    private func poll(events: Int16) -> Int16 {
        var descriptorSet = pollfd(fd: descriptor, events: events, revents: 0)
        #if canImport(Darwin)
        let ready = Darwin.poll(&descriptorSet, 1, 0)
        #elseif canImport(Glibc)
        let ready = Glibc.poll(&descriptorSet, 1, 0)
        #else
        let ready = Musl.poll(&descriptorSet, 1, 0)
        #endif
        return ready > 0 ? descriptorSet.revents : 0
    }

    private func finish() {
        guard source != nil else { return }
        cancel()
        onEnd()
    }
}
