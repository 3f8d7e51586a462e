import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A private D-Bus session bus (`dbus-run-session`) with a real GNOME Keyring on it, its login
/// keyring created and unlocked with a test password, in a home directory of its own: what the
/// Secret Service tests run their processes against. Nothing of the developer's own session or
/// keyring is touched.
///
/// ```swift
/// let keyring = try TestKeyring.start()
/// defer { keyring.stop() }
/// let result = try keyring.run("/usr/bin/secret-tool", ["lookup", "key", "k"])
/// ```
///
/// Owned by one test; `Sendable` because its state is immutable once started. ``stop()`` ends the
/// bus and the daemon; a test that forgets leaves both running until their `timeout` wrapper
/// ends them (five minutes).
public final class TestKeyring: Sendable {
    /// What runs on the private bus.
    public enum Bus: Sendable {
        /// The standard session bus configuration with GNOME Keyring started and unlocked.
        case unlockedKeyring
        /// A bus that activates no services and runs no keyring: no Secret Service provider.
        case withoutProvider
        /// GNOME Keyring runs, but the bus's policy refuses every message sent to it.
        case refusingSecretService
    }

    /// The password of the test login keyring.
    public static let password = "lifeline-test-password"

    /// `DBUS_SESSION_BUS_ADDRESS` of the private bus.
    public let busAddress: String
    /// The home directory the daemon keeps its keyrings in (`<home>/.local/share/keyrings`).
    public let home: String
    private let process: Process

    private init(busAddress: String, home: String, process: Process) {
        self.busAddress = busAddress
        self.home = home
        self.process = process
    }

    /// The environment a child process needs to use the private bus (and nothing of the caller's
    /// desktop session): the caller's `PATH`, the keyring's home and bus.
    public var environment: [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home, "XDG_DATA_HOME": home + "/.local/share", "XDG_RUNTIME_DIR": home + "/run",
            "DBUS_SESSION_BUS_ADDRESS": busAddress,
        ]
    }

    /// Starts a private bus and, unless `bus` is ``Bus/withoutProvider``, GNOME Keyring on it,
    /// waiting until the keyring answers.
    /// - Throws: ``TestKeyringError`` if a tool is missing (run `scripts/setup.sh`) or the bus or
    ///   the daemon does not come up within ten seconds.
    public static func start(_ bus: Bus = .unlockedKeyring) throws -> TestKeyring {
        for tool in ["dbus-run-session", "dbus-send", "gnome-keyring-daemon", "secret-tool"] where which(tool) == nil {
            throw TestKeyringError("\(tool) is not installed: run scripts/setup.sh (make test does)")
        }
        let home = FileManager.default.temporaryDirectory.path + "/lifeline-keyring-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home + "/run", withIntermediateDirectories: true)
        chmod(home + "/run", 0o700)
        let started = home + "/started"
        let daemon = bus == .withoutProvider ? "cat" : "gnome-keyring-daemon --foreground --unlock --components=secrets"
        // `timeout` leads a process group of its own holding the bus, the daemon and whatever the
        // bus activates: ``stop()`` kills that group. SIGKILL, because a child of this test process
        // inherits its blocked signal mask (SIGTERM among them) through `Process`.
        var arguments = ["-s", "KILL", "300", "dbus-run-session"]
        if let configuration = configuration(for: bus) {
            try configuration.write(toFile: home + "/bus.conf", atomically: true, encoding: .utf8)
            arguments.append("--config-file=\(home)/bus.conf")
        }
        arguments += [
            "--", "/bin/sh", "-c",
            "echo \"$DBUS_SESSION_BUS_ADDRESS\" > '\(started).tmp'; mv '\(started).tmp' '\(started)'; exec \(daemon) >/dev/null 2>&1",
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = arguments
        process.environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home, "XDG_DATA_HOME": home + "/.local/share", "XDG_RUNTIME_DIR": home + "/run",
        ]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if bus != .withoutProvider {
            input.fileHandleForWriting.write(Data(password.utf8))
            try input.fileHandleForWriting.close()
        }

        let deadline = ContinuousClock.now + .seconds(10)
        var address = ""
        while address.isEmpty {
            guard ContinuousClock.now < deadline, process.isRunning else {
                kill(-process.processIdentifier, SIGKILL)
                throw TestKeyringError("the private bus did not start (dbus-run-session)")
            }
            address = ((try? String(contentsOfFile: started, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if address.isEmpty { usleep(20_000) }
        }
        let keyring = TestKeyring(busAddress: address, home: home, process: process)
        if bus != .withoutProvider {
            while try !keyring.providerIsOnBus() {
                guard ContinuousClock.now < deadline else {
                    keyring.stop()
                    throw TestKeyringError("gnome-keyring-daemon did not take org.freedesktop.secrets on the private bus")
                }
                usleep(20_000)
            }
        }
        return keyring
    }

    /// Locks the login keyring through the Secret Service's own `Lock` method, as a screen lock
    /// or Seahorse does.
    /// - Throws: ``TestKeyringError`` if the daemon refused.
    public func lockLoginKeyring() throws {
        let result = try run(
            "dbus-send",
            [
                "--session", "--print-reply", "--dest=org.freedesktop.secrets", "/org/freedesktop/secrets",
                "org.freedesktop.Secret.Service.Lock", "array:objpath:/org/freedesktop/secrets/collection/login",
            ]
        )
        guard result.status == 0 else { throw TestKeyringError("Lock failed: \(result.error)") }
    }

    /// Runs `tool` (a path, or a name looked up in `PATH`) with ``environment`` plus `extra`, and
    /// waits for it (at most a minute).
    /// - Throws: ``TestKeyringError`` if it cannot be started or does not end in time.
    public func run(_ tool: String, _ arguments: [String], extra: [String: String] = [:]) throws -> ProcessResult {
        try ProcessResult.run(tool, arguments, environment: environment.merging(extra) { _, new in new })
    }

    /// Ends the bus, the daemon and whatever the bus started, and removes the keyring's home
    /// directory.
    public func stop() {
        kill(-process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: home)
    }

    private func providerIsOnBus() throws -> Bool {
        let result = try run(
            "dbus-send",
            [
                "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets",
            ]
        )
        return result.output.contains("boolean true")
    }

    private static func configuration(for bus: Bus) -> String? {
        let policy: String
        switch bus {
        case .unlockedKeyring: return nil
        case .withoutProvider: policy = ""
        case .refusingSecretService: policy = #"<deny send_destination="org.freedesktop.secrets"/>"#
        }
        return """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:tmpdir=/tmp</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
                \(policy)
              </policy>
            </busconfig>
            """
    }

    static func which(_ tool: String) -> String? {
        if tool.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: tool) ? tool : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first(where: FileManager.default.isExecutableFile(atPath:))
    }
}

/// Why a ``TestKeyring`` could not be used.
public struct TestKeyringError: Error, CustomStringConvertible {
    /// What went wrong, and what to do.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
