#if (canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)) || LIFELINE_APPLE_SHIM
import Foundation
import Lifecycle
#if LIFELINE_APPLE_SHIM
import AppleShim
#else
import SwiftUI
#endif

/// `@SceneStorage` for a whole Codable value, backed by the scene's restoration payload instead of
/// SwiftUI's opaque store: the payload travels in the runtime's scene session, so the same
/// validated, versioned restoration code runs on iOS, in the terminal and in the simulator.
///
/// ```swift
/// @LifelineSceneStorage(scene: scene) var navigation = NavigationState<AppRoute>()
/// ```
///
/// Holds the scene weakly; main actor. Decoding failures fall back to the initial value (restored
/// data is untrusted input); validate further in the view model.
@MainActor
@propertyWrapper
public struct LifelineSceneStorage<Value: Codable & Sendable>: DynamicProperty {
    @State private var value: Value
    private weak var scene: LifecycleScene?

    /// Restores the value from `scene`'s session payload, or starts from `wrappedValue`.
    public init(wrappedValue: Value, scene: LifecycleScene) {
        self.scene = scene
        let restored = scene.session.restorationPayload.flatMap { try? JSONDecoder().decode(Value.self, from: $0) }
        _value = State(initialValue: restored ?? wrappedValue)
    }

    /// The current value; setting it updates the view.
    public var wrappedValue: Value {
        get { value }
        nonmutating set { value = newValue }
    }

    /// A binding to the value.
    public var projectedValue: Binding<Value> { $value }

    /// The payload to return from the scene delegate's `stateRestorationPayload(for:)`.
    public var restorationPayload: Data? { try? JSONEncoder().encode(value) }
}
#endif
