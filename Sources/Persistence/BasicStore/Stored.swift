/// A property read from and written to a basic-value store under a typed key, after the
/// `UserDefaults` wrappers apps love:
///
/// ```swift
/// @Observable final class Settings {
///     @ObservationIgnored @Stored var launches: Int
///     @ObservationIgnored @Stored var theme: Theme
///
///     init(store: BasicValueStore) {
///         _launches = Stored(.launches, in: store)
///         _theme = Stored(.theme, in: store)
///     }
/// }
/// ```
///
/// With the store in a static or global constant, the attribute can name it:
/// `@Stored(.launches, in: Settings.store) var launches`.
///
/// Reading gives the stored value or the key's default; setting writes the store (a failure
/// keeps the previous value and is kept in ``BasicValueStore/lastWriteError``; use
/// `try $launches.set(_:)` to handle it). The projected value is the ``StoredValue`` behind the
/// property, which Observation tracks: a view or `withObservationTracking` reading the property
/// is told when the key changes — by this property, another part of the app, or another
/// process once the store notices. In an `@Observable` class mark the property
/// `@ObservationIgnored` (the macro cannot track a wrapped property itself; the wrapper does
/// the tracking). It is `Sendable` and works in `@MainActor` types and SwiftUI views alike.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@propertyWrapper
public struct Stored<Value: Sendable>: Sendable {
    /// The observable value behind the property: ``StoredValue/set(_:)`` to handle write
    /// failures, ``StoredValue/reset()``, ``StoredValue/changes``.
    public let projectedValue: StoredValue<Value>

    /// A property stored under `key` in `store`.
    ///
    /// - Parameters:
    ///   - key: A typed key; its default is the property's value while nothing is stored.
    ///   - store: The store.
    public init(_ key: BasicValueStore.Key<Value>, in store: BasicValueStore) {
        projectedValue = StoredValue(key, in: store)
    }

    /// The stored value, or the key's default.
    public var wrappedValue: Value {
        get { projectedValue.value }
        nonmutating set { projectedValue.value = newValue }
    }
}
