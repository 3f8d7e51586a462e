import DurableState
import Foundation

// secret-store-probe: one SecretServiceStore operation in a process of its own, so that each test
// chooses the session bus (DBUS_SESSION_BUS_ADDRESS) the process connects to.
//
//   secret-store-probe [--prompt] set KEY VALUE | get KEY | remove KEY
//   secret-store-probe open [--fallback DIRECTORY]
//
// Prints one line: `ok`, `secret VALUE`, `none`, `store DESCRIPTION | LOCATION`, or
// `error CASE: DESCRIPTION` (then exits 1).

func caseName(_ error: SecretStoreError) -> String {
    switch error {
    case .storage: "storage"
    case .corrupt: "corrupt"
    case .insecurePermissions: "insecurePermissions"
    case .platform: "platform"
    case .noSessionBus: "noSessionBus"
    case .noSecretService: "noSecretService"
    case .locked: "locked"
    case .unlockDismissed: "unlockDismissed"
    case .denied: "denied"
    case .protectedDataUnavailable: "protectedDataUnavailable"
    }
}

func reply(_ line: String) -> Never {
    print(line)
    exit(line.hasPrefix("error ") ? 1 : 0)
}

var arguments = Array(CommandLine.arguments.dropFirst())
let allowsPrompt = arguments.first == "--prompt"
if allowsPrompt { arguments.removeFirst() }
let store = SecretServiceStore(
    schema: "org.lifeline.SecretStoreProbe", applicationName: "Lifeline probe", allowsUnlockPrompt: allowsPrompt
)
do throws(SecretStoreError) {
    switch arguments.first {
    case "set" where arguments.count == 3:
        try store.setSecret(Secret(arguments[2]), for: arguments[1])
        reply("ok")
    case "get" where arguments.count == 2:
        reply(try store.secret(for: arguments[1]).map { "secret \($0.revealed)" } ?? "none")
    case "remove" where arguments.count == 2:
        try store.removeSecret(for: arguments[1])
        reply("ok")
    case "open":
        let fallback = arguments.count == 3 && arguments[1] == "--fallback" ? arguments[2] : nil
        let options = PlatformSecretStore.Options(
            identifier: "org.lifeline.SecretStoreProbe", applicationName: "Lifeline probe", plaintextFallbackDirectory: fallback
        )
        let opened = try PlatformSecretStore.open(options)
        reply("store \(opened.store) | \(opened.location)")
    default:
        FileHandle.standardError.write(Data("usage: secret-store-probe [--prompt] set KEY VALUE | get KEY | remove KEY | open [--fallback DIR]\n".utf8))
        exit(64)
    }
} catch {
    reply("error \(caseName(error)): \(error)")
}
