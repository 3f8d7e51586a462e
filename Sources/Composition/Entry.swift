/// One slot of a frozen table: how to obtain the value of one key, and where it is cached.
///
/// Created when a ``CompositionRoot`` freezes its registry (or when a scope opens with overrides),
/// immutable afterwards, shared by every scope that uses the table. Lives on the main actor.
@MainActor
@usableFromInline
class Entry {
    /// Where the value lives: not cached (transient), cached in the scope of that lifetime, or
    /// not obtainable (validation found a problem that makes it fail).
    enum Mode: UInt8 {
        case transient, screen, feature, scene, application, failing

        /// Whether values of this mode are cached by a scope.
        var isCached: Bool { self != .transient && self != .failing }

        /// The mode of values cached by scopes of `lifetime`.
        init(_ lifetime: Lifetime) {
            switch lifetime {
            case .transient: self = .transient
            case .screen: self = .screen
            case .feature: self = .feature
            case .scene: self = .scene
            case .application: self = .application
            }
        }
    }

    let mode: Mode
    /// Slots of the declared dependencies, in declaration order.
    @usableFromInline let dependencySlots: ContiguousArray<Int>
    /// The key and lifetime, as error paths show them.
    @usableFromInline let step: ResolutionStep
    let slot: Int
    /// The error every resolution of this slot throws when `mode` is `failing`.
    let failure: CompositionError?
    /// The registration; `nil` for a key that is depended on but not registered.
    let record: RegistrationRecord?

    @usableFromInline
    init(slot: Int, key: AnyDependencyKey, lifetime: Lifetime?, dependencySlots: ContiguousArray<Int>,
         failure: CompositionError?, record: RegistrationRecord?) {
        self.slot = slot
        self.step = ResolutionStep(key: key, lifetime: lifetime)
        self.dependencySlots = dependencySlots
        self.failure = failure
        self.record = record
        if failure == nil, let lifetime {
            mode = Mode(lifetime)
        } else {
            mode = .failing
        }
    }

    /// A key that something depends on but nothing registers.
    convenience init(missing key: AnyDependencyKey, slot: Int) {
        self.init(slot: slot, key: key, lifetime: nil, dependencySlots: [], failure:
            .notRegistered(key, path: [ResolutionStep(key: key, lifetime: nil)]), record: nil)
    }

    var key: AnyDependencyKey { step.key }
    var lifetime: Lifetime? { step.lifetime }
    var isAsync: Bool { record?.kind == .asyncFactory }
    var dependencyKeys: [AnyDependencyKey] { record?.dependencies ?? [] }

    /// The error a failing slot throws.
    func failingError() -> CompositionError {
        failure ?? .notRegistered(step.key, path: [step])
    }

    /// Runs the registration's teardown on the value in `box`; nothing by default.
    func tearDown(_ box: AnyObject) {}
}

/// The entry of a registration whose value type is `Value`: the factories that create it and the
/// teardown that runs when its scope releases it.
@MainActor
@usableFromInline
final class TypedEntry<Value>: Entry {
    /// Creates the value synchronously in the given (owning) scope.
    @usableFromInline let make: @MainActor (ServiceScope, Entry) throws(CompositionError) -> Value
    /// Creates the value asynchronously; `nil` for a synchronous registration.
    @usableFromInline let makeAsync: (@MainActor (ServiceScope, Entry) async throws(CompositionError) -> Value)?
    let teardown: (@MainActor (Value) -> Void)?

    @usableFromInline
    init(
        seed: EntrySeed,
        make: @escaping @MainActor (ServiceScope, Entry) throws(CompositionError) -> Value,
        makeAsync: (@MainActor (ServiceScope, Entry) async throws(CompositionError) -> Value)?,
        teardown: (@MainActor (Value) -> Void)?
    ) {
        self.make = make
        self.makeAsync = makeAsync
        self.teardown = teardown
        super.init(slot: seed.slot, key: seed.record.key, lifetime: seed.lifetime,
                   dependencySlots: seed.dependencySlots, failure: seed.failure, record: seed.record)
    }

    override func tearDown(_ box: AnyObject) {
        teardown?((box as! Box<Value>).value)
    }
}
