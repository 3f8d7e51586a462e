#if os(Linux)
import CSecret

extension SecretServiceStore {
    /// Where a simulated libsecret error comes from, for ``errorForTesting(remoteName:domain:code:)``.
    package enum ErrorDomainForTesting {
        /// libsecret's own `SECRET_ERROR`.
        case secret
        /// GDBus's `G_DBUS_ERROR`.
        case dbus
        /// GIO's `G_IO_ERROR`.
        case io
    }

    /// The ``SecretStoreError`` a `GError` of `domain` and `code`, carrying the D-Bus error
    /// `remoteName`, becomes: the mapping for errors a test cannot make a real provider return.
    package static func errorForTesting(remoteName: String?, domain: ErrorDomainForTesting, code: Int32) -> SecretStoreError {
        let quark =
            switch domain {
            case .secret: secret_error_get_quark()
            case .dbus: g_dbus_error_quark()
            case .io: g_io_error_quark()
            }
        return GLibError.classify(domain: quark, code: code, remoteName: remoteName, message: "test", collection: "Login")
    }
}
#endif
