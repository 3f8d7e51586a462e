#if os(Linux)
import CSecret

/// Turns libsecret's and GDBus's `GError`s into ``SecretStoreError``s, by D-Bus error name where
/// the error came from the bus and by domain and code otherwise. Stateless.
enum GLibError {
    /// The message of `error`, which is then freed and set to `nil`.
    static func take(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        guard let pointer = error else { return "unknown error" }
        defer { g_clear_error(&error) }
        return pointer.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }

    /// The ``SecretStoreError`` of `error` (freed and set to `nil`), raised while using
    /// `collection`.
    static func storeError(_ error: inout UnsafeMutablePointer<GError>?, collection: String) -> SecretStoreError {
        guard let pointer = error else { return .storage("libsecret failed without saying why") }
        let domain = pointer.pointee.domain
        let code = pointer.pointee.code
        let remoteName = g_dbus_error_get_remote_error(pointer).map { name in
            defer { g_free(name) }
            return String(cString: name)
        }
        let message = take(&error)
        return classify(domain: domain, code: code, remoteName: remoteName, message: message, collection: collection)
    }

    /// The error for a `GError` of `domain` and `code`, or of the D-Bus error `remoteName`.
    static func classify(domain: GQuark, code: Int32, remoteName: String?, message: String, collection: String) -> SecretStoreError {
        switch remoteName {
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            return .noSecretService(message)
        case "org.freedesktop.DBus.Error.AccessDenied", "org.freedesktop.DBus.Error.AuthFailed",
            "org.freedesktop.portal.Error.NotAllowed":
            return .denied(message)
        case "org.freedesktop.Secret.Error.IsLocked":
            return .locked(collection: collection)
        default:
            break
        }
        if domain == secret_error_get_quark(), code == Int32(SECRET_ERROR_IS_LOCKED.rawValue) {
            return .locked(collection: collection)
        }
        if domain == g_dbus_error_quark() {
            switch GDBusError(rawValue: UInt32(code)) {
            case G_DBUS_ERROR_SERVICE_UNKNOWN, G_DBUS_ERROR_NAME_HAS_NO_OWNER: return .noSecretService(message)
            case G_DBUS_ERROR_ACCESS_DENIED, G_DBUS_ERROR_AUTH_FAILED: return .denied(message)
            default: break
            }
        }
        if domain == g_io_error_quark(), code == Int32(G_IO_ERROR_CANCELLED.rawValue) {
            return .unlockDismissed(collection: collection)
        }
        return .storage(message)
    }
}
#endif
