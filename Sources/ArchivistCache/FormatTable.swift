/// A cache's registered formats by name.
///
/// Caches have a handful of formats, so a linear search over the names beats hashing: a short
/// string compares equal in a couple of instructions, and the lookup is on every request's path.
@usableFromInline
struct FormatTable<Value: Sendable>: Sendable {
    @usableFromInline var names: [String] = []
    @usableFromInline var stores: [FormatStore<Value>] = []

    @inlinable
    init() {}

    /// The store of the format named `name`.
    @inlinable
    subscript(name: String) -> FormatStore<Value>? {
        for index in names.indices where names[index] == name { return stores[index] }
        return nil
    }

    /// Adds a store, replacing the one registered under the same name.
    ///
    /// - Returns: The replaced store.
    mutating func insert(_ store: FormatStore<Value>) -> FormatStore<Value>? {
        if let index = names.firstIndex(of: store.format.name) {
            defer { stores[index] = store }
            return stores[index]
        }
        names.append(store.format.name)
        stores.append(store)
        return nil
    }
}
