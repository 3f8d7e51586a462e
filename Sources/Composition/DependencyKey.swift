/// A typed key under which a service is registered and resolved: a type, or a type and a name.
///
/// ```swift
/// extension DependencyKey where Value == Database {
///     /// The database of the user's notes.
///     static let notes = DependencyKey("notes")
/// }
/// registry.register(.notes, lifetime: .application, using: DependencyKey(FileSystem.self)) { fs in
///     try Database(path: "/data/notes.sqlite", storage: StorageEnvironment(fileSystem: fs))
/// }
/// let database = try scope.resolve(.notes)        // a Database, no cast
/// ```
///
/// Most services are keyed by their type (`resolve(LibraryViewModel.self)` uses
/// `DependencyKey(LibraryViewModel.self)`); a name tells apart two services of the same type. Two
/// keys are equal when their value types are the same type and their names are equal, so give
/// named keys one declaration (a `static let` as above). There are no untyped string keys: what a
/// key resolves to is always a `Value`. A `Sendable` value.
public struct DependencyKey<Value>: Hashable, Sendable, CustomStringConvertible {
    /// The key without its value type, as reports and errors name it.
    public let erased: AnyDependencyKey

    /// The key of the type `Value` itself.
    @inlinable
    public init(_ type: Value.Type = Value.self) {
        erased = AnyDependencyKey(type: type, name: nil)
    }

    /// A named key of type `Value`, for a second service of a type already registered. The name
    /// is a literal, so that keys are declared once and compared without allocation.
    public init(_ name: StaticString, of type: Value.Type = Value.self) {
        erased = AnyDependencyKey(type: type, name: name)
    }

    /// The key as messages show it: `BookService`, or `Database.notes` for a named key.
    public var description: String { erased.description }
}

/// The identity of a ``DependencyKey`` without its value type: what reports, problems and errors
/// name. Only created from a `DependencyKey`, so a slot found through it always holds a value of
/// the key's type. A `Sendable` value.
public struct AnyDependencyKey: Hashable, Sendable, CustomStringConvertible {
    /// The value type.
    @usableFromInline let type: any Any.Type
    /// The name of a named key; `nil` for a type key. A literal: trivially copied on the hot path.
    @usableFromInline let staticName: StaticString?

    @inlinable
    init(type: any Any.Type, name: StaticString?) {
        self.type = type
        self.staticName = name
    }

    /// The erased form of `key`, for heterogeneous `dependencies:` lists.
    public init<Value>(_ key: DependencyKey<Value>) {
        self = key.erased
    }

    /// The erased key of the type `Value`.
    public init<Value>(_ type: Value.Type) {
        self.init(type: type, name: nil)
    }

    /// The name of a named key; `nil` for a type key.
    public var name: String? { staticName.map { "\($0)" } }

    /// Whether the key has a name.
    var isNamed: Bool { staticName != nil }

    /// The value type's name as messages show it (`BookService` for `any BookService`).
    public var typeName: String { String(describing: type) }

    /// `BookService` for a type key, `Database.notes` for a named key.
    public var description: String {
        guard let name else { return typeName }
        return "\(typeName).\(name)"
    }

    /// Two keys are equal when they have the same value type and the same name.
    public static func == (lhs: AnyDependencyKey, rhs: AnyDependencyKey) -> Bool {
        ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type) && lhs.sameName(as: rhs)
    }

    /// Whether both keys have no name, or equal names.
    func sameName(as other: AnyDependencyKey) -> Bool {
        switch (staticName, other.staticName) {
        case (nil, nil): true
        case let (lhs?, rhs?):
            lhs.withUTF8Buffer { left in rhs.withUTF8Buffer { right in left.elementsEqual(right) } }
        default: false
        }
    }

    /// Hashes the value type's identity and the name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
        hasher.combine(name)
    }

    /// The bits of the value type's identity, for the slot index's hash.
    var typeBits: UInt { UInt(bitPattern: ObjectIdentifier(type)) }
}
