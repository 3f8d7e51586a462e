#if os(Linux)
/// Mirrors SwiftUI's `@MainActor @preconcurrency protocol View`
/// (https://developer.apple.com/documentation/swiftui/view).
@MainActor
@preconcurrency
public protocol View {
    /// Mirrors `associatedtype Body : View` (…/view/body-swift.associatedtype).
    associatedtype Body: View
    /// Mirrors `@ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }` (…/view/body-swift.property).
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    /// Mirrors `typealias Body = Never` of `extension Never : View`.
    public typealias Body = Never
    /// Mirrors `var body: Never { get }`.
    public var body: Never { fatalError("AppleShim renders nothing") }
}

/// Mirrors `@MainActor @preconcurrency protocol ViewModifier`
/// (https://developer.apple.com/documentation/swiftui/viewmodifier).
@MainActor
@preconcurrency
public protocol ViewModifier {
    /// Mirrors `associatedtype Body : View` (…/viewmodifier/body-swift.associatedtype).
    associatedtype Body: View
    /// Mirrors `typealias Content = _ViewModifier_Content<Self>` (…/viewmodifier/content).
    typealias Content = _ViewModifier_Content<Self>
    /// Mirrors `@ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body`
    /// (…/viewmodifier/body(content:)).
    @ViewBuilder func body(content: Content) -> Body
}

/// Mirrors `struct _ViewModifier_Content<Modifier> where Modifier : ViewModifier`: the content a
/// modifier's `body(content:)` receives.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    /// Renders nothing.
    public var body: Never { fatalError("AppleShim renders nothing") }
}

/// Mirrors `@frozen struct ModifiedContent<Content, Modifier>`
/// (https://developer.apple.com/documentation/swiftui/modifiedcontent).
public struct ModifiedContent<Content, Modifier> {
    /// Mirrors `var content: Content`.
    public var content: Content
    /// Mirrors `var modifier: Modifier`.
    public var modifier: Modifier
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    /// Renders nothing.
    public var body: Never { fatalError("AppleShim renders nothing") }
}

/// The view `onChange(of:initial:_:)` returns (opaque in SwiftUI).
public struct _OnChangeView<Content: View>: View {
    /// Renders nothing.
    public var body: Never { fatalError("AppleShim renders nothing") }
}

extension View {
    /// Mirrors `nonisolated func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T>`
    /// (https://developer.apple.com/documentation/swiftui/view/modifier(_:)).
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }

    /// Mirrors `nonisolated func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping
    /// (V, V) -> Void) -> some View where V : Equatable`
    /// (https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-4psgg).
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View {
        _OnChangeView<Self>()
    }
}

/// Mirrors `@resultBuilder struct ViewBuilder` (https://developer.apple.com/documentation/swiftui/viewbuilder),
/// for a body of one view.
@resultBuilder
public enum ViewBuilder {
    /// Mirrors `static func buildBlock<Content>(_ content: Content) -> Content where Content : View`
    /// (…/viewbuilder/buildblock(_:)).
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}
#endif
