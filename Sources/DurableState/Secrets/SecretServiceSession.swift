#if os(Linux)
import CSecret

/// libsecret's connection to the Secret Service, held for one ``SecretServiceStore`` call: a
/// reference to the per-process `SecretService` proxy with an open transfer session.
///
/// Not `Sendable`: created, used and released by one call on one thread.
final class SecretServiceSession {
    private let service: UnsafeMutablePointer<SecretService>

    private init(service: UnsafeMutablePointer<SecretService>) {
        self.service = service
    }

    deinit {
        g_object_unref(service)
    }

    /// The session bus, then the Secret Service on it.
    /// - Throws: ``SecretStoreError/noSessionBus(_:)`` when no bus answers,
    ///   ``SecretStoreError/noSecretService(_:)`` when nothing owns `org.freedesktop.secrets`,
    ///   ``SecretStoreError/denied(_:)`` when the bus refuses.
    static func connect() throws(SecretStoreError) -> SecretServiceSession {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            throw .noSessionBus(GLibError.take(&error))
        }
        g_object_unref(UnsafeMutableRawPointer(bus))
        let flags = SecretServiceFlags(rawValue: SECRET_SERVICE_OPEN_SESSION.rawValue)
        guard let service = secret_service_get_sync(flags, nil, &error) else {
            throw GLibError.storeError(&error, collection: "default")
        }
        return SecretServiceSession(service: service)
    }

    /// The collection behind the `default` alias (the login keyring), unlocked.
    /// - Throws: ``SecretStoreError/locked(collection:)`` when it is locked and
    ///   `unlockingWithPrompt` is `false`; ``SecretStoreError/unlockDismissed(collection:)`` when
    ///   the user dismissed the prompt or it could not be shown; ``SecretStoreError/storage(_:)``
    ///   when there is no default collection.
    func defaultCollection(unlockingWithPrompt: Bool) throws(SecretStoreError) -> SecretServiceCollection {
        var error: UnsafeMutablePointer<GError>?
        let found = secret_collection_for_alias_sync(service, "default", SECRET_COLLECTION_NONE, nil, &error)
        if error != nil { throw GLibError.storeError(&error, collection: "default") }
        guard let found else {
            throw .storage("the Secret Service has no default collection (create a keyring and make it the default)")
        }
        let collection = SecretServiceCollection(collection: found)
        guard secret_collection_get_locked(found) != 0 else { return collection }
        guard unlockingWithPrompt else { throw .locked(collection: collection.name) }
        let objects = g_list_append(nil, found)
        defer { g_list_free(objects) }
        let unlocked = secret_service_unlock_sync(service, objects, nil, nil, &error)
        if error != nil { throw GLibError.storeError(&error, collection: collection.name) }
        guard unlocked > 0 else { throw .unlockDismissed(collection: collection.name) }
        return collection
    }
}

/// One unlocked collection of the Secret Service, held for one ``SecretServiceStore`` call.
///
/// Not `Sendable`: created, used and released by one call on one thread.
final class SecretServiceCollection {
    private let collection: UnsafeMutablePointer<SecretCollection>

    init(collection: UnsafeMutablePointer<SecretCollection>) {
        self.collection = collection
    }

    deinit {
        g_object_unref(collection)
    }

    /// The collection's label ("Login"), or "default" if it has none.
    var name: String {
        guard let label = secret_collection_get_label(collection) else { return "default" }
        defer { g_free(label) }
        let text = String(cString: label)
        return text.isEmpty ? "default" : text
    }

    /// The text of the first item whose attributes are `attributes`, or `nil`.
    func firstSecret(matching attributes: [String: String], schema: String) throws(SecretStoreError) -> String? {
        let flags = SecretSearchFlags(rawValue: SECRET_SEARCH_LOAD_SECRETS.rawValue)
        let items = try search(attributes, schema: schema, flags: flags)
        defer { g_list_free_full(items, g_object_unref) }
        guard let first = items?.pointee.data else { return nil }
        guard let value = secret_item_get_secret(first.assumingMemoryBound(to: SecretItem.self)) else {
            throw .corrupt("the Secret Service item for \(attributes["key"] ?? "") has no secret loaded")
        }
        defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
        guard let text = secret_value_get_text(value) else {
            throw .corrupt("the Secret Service item for \(attributes["key"] ?? "") is not text")
        }
        return String(cString: text)
    }

    /// Creates the item of `attributes` holding `secret`, replacing any item with the same
    /// attributes.
    func replaceItem(attributes: [String: String], schema: String, label: String, secret: String) throws(SecretStoreError) {
        let table = Self.hashTable(attributes)
        defer { g_hash_table_unref(table) }
        let itemSchema = Self.schema(schema, attributes: attributes)
        defer { secret_schema_unref(itemSchema) }
        guard let value = secret_value_new(secret, -1, "text/plain") else { throw .storage("libsecret refused the value") }
        defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
        var error: UnsafeMutablePointer<GError>?
        let flags = SecretItemCreateFlags(rawValue: SECRET_ITEM_CREATE_REPLACE.rawValue)
        let item = secret_item_create_sync(collection, itemSchema, table, label, value, flags, nil, &error)
        if let item { g_object_unref(item) }
        if error != nil || item == nil { throw GLibError.storeError(&error, collection: name) }
    }

    /// Deletes every item whose attributes are `attributes`.
    func deleteItems(matching attributes: [String: String], schema: String) throws(SecretStoreError) {
        let items = try search(attributes, schema: schema, flags: SecretSearchFlags(rawValue: SECRET_SEARCH_ALL.rawValue))
        defer { g_list_free_full(items, g_object_unref) }
        var node = items
        while let current = node {
            var error: UnsafeMutablePointer<GError>?
            if let item = current.pointee.data, secret_item_delete_sync(item.assumingMemoryBound(to: SecretItem.self), nil, &error) == 0 {
                throw GLibError.storeError(&error, collection: name)
            }
            node = current.pointee.next
        }
    }

    private func search(
        _ attributes: [String: String], schema: String, flags: SecretSearchFlags
    ) throws(SecretStoreError) -> UnsafeMutablePointer<GList>? {
        let table = Self.hashTable(attributes)
        defer { g_hash_table_unref(table) }
        let itemSchema = Self.schema(schema, attributes: attributes)
        defer { secret_schema_unref(itemSchema) }
        var error: UnsafeMutablePointer<GError>?
        let items = secret_collection_search_sync(collection, itemSchema, table, flags, nil, &error)
        if error != nil { throw GLibError.storeError(&error, collection: name) }
        return items
    }

    /// A `GHashTable` of string to string that owns copies of `attributes`.
    private static func hashTable(_ attributes: [String: String]) -> OpaquePointer? {
        let table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free)
        for (name, value) in attributes {
            g_hash_table_insert(table, g_strdup(name), g_strdup(value))
        }
        return table
    }

    /// The item schema `name` with a string attribute for each of `attributes`' names.
    private static func schema(_ name: String, attributes: [String: String]) -> UnsafeMutablePointer<SecretSchema> {
        let types = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, nil)
        defer { g_hash_table_unref(types) }
        for attribute in attributes.keys {
            // SECRET_SCHEMA_ATTRIBUTE_STRING is 0: a null value in the table.
            g_hash_table_insert(types, g_strdup(attribute), UnsafeMutableRawPointer(bitPattern: Int(SECRET_SCHEMA_ATTRIBUTE_STRING.rawValue)))
        }
        return secret_schema_newv(name, SECRET_SCHEMA_NONE, types)
    }
}
#endif
