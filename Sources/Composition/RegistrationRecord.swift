/// One registration as the registry keeps it: the key, the lifetime, the dependencies it declares
/// (read by validation and the ownership report without calling anything) and a builder of the
/// typed entry that the frozen table uses to create the value.
@usableFromInline
struct RegistrationRecord {
    /// How the value comes to exist.
    @usableFromInline
    enum Kind: Sendable {
        /// A synchronous factory.
        case factory
        /// An async factory, awaited on the first resolution.
        case asyncFactory
        /// A value the code that opens the scope supplies (``ProvidedValues``).
        case provided
        /// A fixed value handed to `register(_:value:)`.
        case value
    }

    @usableFromInline let key: AnyDependencyKey
    @usableFromInline let lifetime: Lifetime
    @usableFromInline let dependencies: [AnyDependencyKey]
    @usableFromInline let kind: Kind
    @usableFromInline let site: RegistrationSite
    @usableFromInline let hasTeardown: Bool
    /// Builds the typed entry once the table knows the slots; keeps `Value` without a cast.
    @usableFromInline let makeEntry: @MainActor (EntrySeed) -> Entry

    @usableFromInline
    init(
        key: AnyDependencyKey,
        lifetime: Lifetime,
        dependencies: [AnyDependencyKey],
        kind: Kind,
        site: RegistrationSite,
        hasTeardown: Bool,
        makeEntry: @escaping @MainActor (EntrySeed) -> Entry
    ) {
        self.key = key
        self.lifetime = lifetime
        self.dependencies = dependencies
        self.kind = kind
        self.site = site
        self.hasTeardown = hasTeardown
        self.makeEntry = makeEntry
    }
}

/// What a frozen table knows about a registration when it builds the entry: its slot, its
/// effective lifetime (an override at a scope can shorten it), the slots of its dependencies and
/// the failure validation found for it, if any.
@usableFromInline
struct EntrySeed {
    @usableFromInline let slot: Int
    @usableFromInline let lifetime: Lifetime
    @usableFromInline let dependencySlots: ContiguousArray<Int>
    @usableFromInline let failure: CompositionError?
    @usableFromInline let record: RegistrationRecord
}
