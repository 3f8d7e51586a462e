#if os(Linux)
import DurableState
import Testing

/// How libsecret's and GDBus's errors become ``SecretStoreError``s, for the errors a real keyring
/// on a private bus cannot be made to return (portal refusals, a bus without a name owner).
@Suite("SecretServiceStore error mapping")
struct SecretServiceErrorMappingTests {
    typealias Domain = SecretServiceStore.ErrorDomainForTesting

    @Test(
        "D-Bus error names map to their cases whatever the domain",
        arguments: [
            ("org.freedesktop.DBus.Error.ServiceUnknown", SecretStoreError.noSecretService("test")),
            ("org.freedesktop.DBus.Error.NameHasNoOwner", .noSecretService("test")),
            ("org.freedesktop.DBus.Error.AccessDenied", .denied("test")),
            ("org.freedesktop.DBus.Error.AuthFailed", .denied("test")),
            ("org.freedesktop.portal.Error.NotAllowed", .denied("test")),
            ("org.freedesktop.Secret.Error.IsLocked", .locked(collection: "Login")),
            ("org.freedesktop.Secret.Error.NoSuchObject", .storage("test")),
        ]
    )
    func remoteNames(name: String, expected: SecretStoreError) {
        #expect(SecretServiceStore.errorForTesting(remoteName: name, domain: .io, code: 36) == expected)
    }

    // Codes: SECRET_ERROR_IS_LOCKED 2, G_IO_ERROR_CANCELLED 19, G_DBUS_ERROR_SERVICE_UNKNOWN 2,
    // G_DBUS_ERROR_ACCESS_DENIED 9 (libsecret's and GLib's headers).
    @Test("libsecret's IS_LOCKED is locked, GDBus's codes their cases, GIO's CANCELLED a dismissed prompt, anything else storage")
    func domainsAndCodes() {
        #expect(SecretServiceStore.errorForTesting(remoteName: nil, domain: .secret, code: 2) == .locked(collection: "Login"))
        #expect(SecretServiceStore.errorForTesting(remoteName: nil, domain: .dbus, code: 2) == .noSecretService("test"))
        #expect(SecretServiceStore.errorForTesting(remoteName: nil, domain: .dbus, code: 9) == .denied("test"))
        #expect(SecretServiceStore.errorForTesting(remoteName: nil, domain: .io, code: 19) == .unlockDismissed(collection: "Login"))
        #expect(SecretServiceStore.errorForTesting(remoteName: nil, domain: .secret, code: 1) == .storage("test"))
        #expect(SecretServiceStore.errorForTesting(remoteName: nil, domain: .io, code: 0) == .storage("test"))
    }
}
#endif
