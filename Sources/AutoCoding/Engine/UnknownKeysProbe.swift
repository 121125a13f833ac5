import Foundation
import PropertyList

/// Finds out, when a plan is built, whether a type implements
/// ``AutoCodable/autoCodingDidFindUnknownKeys(_:)`` or keeps the protocol's empty default.
///
/// For `Decodable` types, the plan builder calls the hook once, on a throwaway default instance, with a one-entry probe
/// dictionary that only the protocol's default implementation recognizes. Formats whose key lists
/// are costly (decoders, through the `Codable` bridge) list an object's keys only for types that
/// implement the hook; for the others unknown keys would be handed to an empty function.
enum UnknownKeysProbe {
    /// The probe's only key; its value is a token of this process, so no archive can imitate it.
    private static let key = "$autoCodingUnknownKeysProbe"
    private static let token = UUID().uuidString

    // nonisolated(unsafe): written only while a plan is built (one at a time, under the engine's
    // lock) by the thread building it, and by the default hook that thread calls.
    nonisolated(unsafe) private static var defaultRan = false

    /// Called by the protocol's default implementation: notes that it received the probe.
    @inline(__always)
    static func noteDefault(_ entries: PropertyListDictionary) {
        guard entries.count == 1, entries[0].key == key, entries[0].value == .string(token) else { return }
        defaultRan = true
    }

    /// Whether `instance`'s type implements the hook (its default instance, which the hook may change).
    static func implementsHook<T: AutoCodable>(_ instance: inout T) -> Bool {
        defaultRan = false
        instance.autoCodingDidFindUnknownKeys(PropertyListDictionary([(key, .string(token))]))
        defer { defaultRan = false }
        return !defaultRan
    }
}
