#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The terminal a ``ProcessHost`` runs in: whether it is interactive, its size, and the terminal
/// mode (raw input, focus reporting, alternate screen, hidden cursor) entered while the app is in
/// the foreground.
///
/// The mode is always given back: when the app leaves the foreground (before the process stops),
/// before it exits, and, through an `atexit` hook and a fatal-signal handler, on `exit()` from anywhere and on a
/// crash. Settings are read again each time the mode is entered, since the shell may change them while the
/// process is stopped. When standard input or output is not a terminal (a pipe in tests) nothing is
/// written or changed.
///
/// Created and owned by its ``ProcessHost``; lives on the main actor.
@MainActor
public final class Terminal {
    /// The options applied in the foreground.
    public let options: TerminalOptions
    /// The descriptor keys are read from.
    public let inputDescriptor: Int32
    /// The descriptor the app draws to.
    public let outputDescriptor: Int32
    /// Whether both descriptors are terminals; if not, the terminal mode is never entered.
    public let isInteractive: Bool
    /// Whether the terminal mode is entered now.
    public private(set) var isEntered = false
    /// The settings to put back on leave; read at each enter. `nil` when raw input is off.
    private var savedSettings: termios?

    /// Creates the terminal of `input` and `output` (standard input and output by default).
    public init(options: TerminalOptions = TerminalOptions(), input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.options = options
        self.inputDescriptor = input
        self.outputDescriptor = output
        self.isInteractive = isatty(input) == 1 && isatty(output) == 1
    }

    /// Whether this process's group owns the terminal (always true when not interactive). A
    /// process resumed with `bg` does not: it must not read keys or change terminal settings.
    /// A terminal that is not the process's controlling terminal has no job control, so the
    /// process owns it as much as anyone.
    public var ownsForeground: Bool {
        guard isInteractive else { return true }
        let group = tcgetpgrp(inputDescriptor)
        if group < 0 { return errno == ENOTTY }
        return group == getpgrp()
    }

    /// The window size, if the output is a terminal that reports one.
    public var size: TerminalSize? {
        guard isInteractive else { return nil }
        var window = winsize()
        guard ioctl(outputDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return nil }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// Writes `text` to the output at once, after anything buffered by `print`.
    public func write(_ text: String) {
        fflush(nil)
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return systemWrite(outputDescriptor, base + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// Enters the terminal mode if interactive, owned and not entered yet.
    func enter() {
        guard isInteractive, !isEntered, ownsForeground else { return }
        if options.rawInput {
            var settings = termios()
            if tcgetattr(inputDescriptor, &settings) == 0 {
                savedSettings = settings
                var raw = settings
                raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
                // Ctrl-S would otherwise stop the terminal's output until Ctrl-Q: an app that looks frozen.
                raw.c_iflag &= ~tcflag_t(IXON)
                withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                    cc[Int(VMIN)] = 1
                    cc[Int(VTIME)] = 0
                }
                _ = tcsetattr(inputDescriptor, TCSAFLUSH, &raw)
            }
        }
        isEntered = true
        EmergencyTerminalRestore.arm(
            fileDescriptor: outputDescriptor, settings: savedSettings,
            resetSequence: Array(options.disableSequence.utf8)
        )
        write(options.enableSequence)
    }

    /// Leaves the terminal mode: disables what was enabled and puts the saved settings back.
    func leave() {
        guard isEntered else { return }
        isEntered = false
        write(options.disableSequence)
        // A process that no longer owns the terminal (hung up, or another group took it) must not
        // change its settings: that would stop it with SIGTTOU.
        if var settings = savedSettings, ownsForeground {
            _ = tcsetattr(inputDescriptor, TCSADRAIN, &settings)
        }
        savedSettings = nil
        EmergencyTerminalRestore.disarm()
    }
}

private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.write(descriptor, pointer, count)
    #elseif canImport(Glibc)
    Glibc.write(descriptor, pointer, count)
    #else
    Musl.write(descriptor, pointer, count)
    #endif
}
