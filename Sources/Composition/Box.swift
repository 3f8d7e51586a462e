/// A value cached in a scope's slot. A slot only ever holds a box of its key's value type, which
/// resolution checks as it reads the value back.
@usableFromInline
final class Box<Value> {
    @usableFromInline let value: Value

    @usableFromInline
    init(_ value: Value) {
        self.value = value
    }
}
