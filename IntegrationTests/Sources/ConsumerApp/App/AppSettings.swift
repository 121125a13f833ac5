import Archivist
import Observation

/// The app's appearance, stored as its raw value.
public enum AppTheme: String, Sendable {
    case system, light, dark
}

/// The app's settings: an `@Observable` model whose properties live in a basic-value store, so
/// they survive relaunches and views follow changes made anywhere — this model, another model
/// over the same store, or another process once the store synchronizes.
@Observable public final class AppSettings {
    /// The settings' keys, with their defaults.
    public enum Keys {
        public static let theme = BasicValueStore.Key<AppTheme>("theme", default: .system)
        public static let launchCount = BasicValueStore.Key<Int>("launchCount", default: 0)
        public static let lastUser = BasicValueStore.Key<String?>("lastUser")
    }

    @ObservationIgnored @Stored public var theme: AppTheme
    @ObservationIgnored @Stored public var launchCount: Int
    @ObservationIgnored @Stored public var lastUser: String?
    /// The store the settings live in.
    public let store: BasicValueStore

    /// Settings kept in `store`.
    public init(store: BasicValueStore) {
        self.store = store
        _theme = Stored(Keys.theme, in: store)
        _launchCount = Stored(Keys.launchCount, in: store)
        _lastUser = Stored(Keys.lastUser, in: store)
    }

    /// Counts a launch, atomically even when several processes launch at once.
    ///
    /// - Throws: `PersistenceError` when the store cannot be written.
    public func recordLaunch() throws {
        try store.update(forKey: Keys.launchCount) { $0 += 1 }
    }

    /// Forgets the signed-in user.
    ///
    /// - Throws: `PersistenceError` when the store cannot be written.
    public func signOut() throws {
        try $lastUser.set(nil)
    }
}
