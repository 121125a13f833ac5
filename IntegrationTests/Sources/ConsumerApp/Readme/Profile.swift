import Archivist

// README, "Caching": the sample uses a `Profile` and an `api` it does not show; these are the
// smallest an app would write for it. `Cache<Profile>` needs a conformance that is not isolated to
// the main actor (its values cross threads), hence the `nonisolated init()`: with a plain
// `public init() {}` the sample fails to compile in this target ("main actor-isolated conformance
// of 'Profile' to 'AutoCodable' cannot satisfy conformance requirement for a 'Sendable' type
// parameter").

/// A user profile the app caches.
public struct Profile: AutoCodable, Sendable, Equatable {
    public var id = ""
    public var name = ""

    nonisolated public init() {}

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// The app's network client, as far as the caching sample needs it.
public struct ProfileAPI: Sendable {
    /// The profiles the "server" knows.
    public var known: [String: String] = ["7": "Grace"]

    public init() {}

    /// Fetches a profile.
    public func profile(_ id: String) async throws -> Profile {
        Profile(id: id, name: known[id] ?? "unknown")
    }
}
