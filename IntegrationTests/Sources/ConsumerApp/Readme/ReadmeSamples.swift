import Archivist
import Foundation

// The README's usage snippets, verbatim, as the bodies of app-level functions. The snippets assume
// values such as `order` and `person` exist; each function makes them first. The README's own types
// stay as the README declares them (internal), so these functions report what happened in public
// terms for the tests to check against what the README says.

/// What the "Archiving your own types" snippet gave.
public struct ReadmeArchivingOutcome: Sendable {
    /// The archive `AutoArchiver.archive(order, format: .binary)` wrote.
    public var data: Data
    /// The copy's properties as text: `id`, each line as `sku×qty@price`, `status`, `note`.
    public var copyID: Int
    public var copyLines: [String]
    public var copyStatus: String
    public var copyNote: String?
}

/// README, "Archiving your own types".
public func readmeArchivingSample() throws -> ReadmeArchivingOutcome {
    let order = Order()
    order.id = 42
    order.lines = [LineItem(sku: "A-1", qty: 3, price: 9.5), LineItem(sku: "B-2", qty: 1, price: 0.25)]
    order.status = .shipped

    let data = try AutoArchiver.archive(order, format: .binary)   // or .xml
    let copy = try AutoArchiver.unarchive(Order.self, from: data)

    return ReadmeArchivingOutcome(data: data, copyID: copy.id,
                                  copyLines: copy.lines.map { "\($0.sku)×\($0.qty)@\($0.price)" },
                                  copyStatus: copy.status.rawValue, copyNote: copy.note)
}

/// What the "Object graphs: keyed archives" snippet gave.
public struct ReadmeKeyedOutcome: Sendable {
    public var names: [String]
    /// `people[0] === people[2]`.
    public var firstIsThird: Bool
    /// `people[0].friend === people[1]`.
    public var firstFriendIsSecond: Bool
    /// `people[1].friend === people[0]`.
    public var secondFriendIsFirst: Bool
    /// The names read from the Objective-C app's archive.
    public var legacyNames: [String]
    /// `legacy[0].friend?.friend === legacy[0]`.
    public var legacyCycleKept: Bool
    /// The error reading the Objective-C app's archive without the class-name mapping.
    public var unmappedError: KeyedArchiveError?
}

/// README, "Object graphs: keyed archives". `oldData` stands for an Objective-C app's archive: its
/// objects are named `Person`.
public func readmeKeyedArchiveSample() throws -> ReadmeKeyedOutcome {
    let ada = Person()
    ada.name = "Ada"
    let charles = Person()
    charles.name = "Charles"
    ada.friend = charles
    charles.friend = ada
    var objectiveCNames = KeyedClassNames()
    objectiveCNames.setName("Person", for: Person.self)
    let oldData = try KeyedArchiver(classNames: objectiveCNames).archive([ada])

    let data = try KeyedArchiver().archive([ada, charles, ada])
    let people = try KeyedUnarchiver(allowing: [Person.self]).unarchive([Person].self, from: data)
    // people[0] === people[2], people[0].friend === people[1]

    var names = KeyedClassNames()
    names.map("Person", to: Person.self)        // read an Objective-C app's archive
    let legacy = try KeyedUnarchiver(allowing: [Person.self], classNames: names)
        .unarchive([Person].self, from: oldData)

    var unmappedError: KeyedArchiveError?
    do {
        _ = try KeyedUnarchiver(allowing: [Person.self]).unarchive([Person].self, from: oldData)
    } catch let error as KeyedArchiveError {
        unmappedError = error
    }
    let outcome = ReadmeKeyedOutcome(
        names: people.map(\.name), firstIsThird: people[0] === people[2], firstFriendIsSecond: people[0].friend === people[1],
        secondFriendIsFirst: people[1].friend === people[0], legacyNames: legacy.map(\.name),
        legacyCycleKept: legacy[0].friend?.friend === legacy[0], unmappedError: unmappedError)
    // Break the cycles, so the objects are freed.
    for person in [ada, charles] + people + legacy + legacy.compactMap(\.friend) { person.friend = nil }
    return outcome
}

/// What the "Persistence" snippet gave.
public struct ReadmePersistenceOutcome {
    public var store: ArchiveStore
    public var meName: String
    public var meFriendName: String?
    public var notebookURL: URL
    public var againTitle: String
    public var settings: BasicValueStore
    public var theme: String?
}

/// README, "Persistence", in the standard locations it names (`~/.local/share/<app>/…` on Linux).
public func readmePersistenceSample() throws -> ReadmePersistenceOutcome {
    let person = Person()
    person.name = "Ada"

    let store = try ArchiveStore(name: "people")          // ~/.local/share/<app>/people on Linux
    try store.persist(person, forKey: "me")
    let me = try store.retrieve(Person.self, forKey: "me")
    store.persistInBackground(person, forKey: "me") { result in print(result) }
    store.flush()

    let notebook = Notebook(filename: "notebook.plist")   // <app>/SavableObjects/notebook.plist
    notebook.title = "Field notes"
    try notebook.save()
    let again = try Notebook.load(filename: "notebook.plist")

    let settings = try BasicValueStore(name: "settings")
    try settings.set("dark", forKey: "theme")
    let theme = settings.string(forKey: "theme")                      // "dark"

    return ReadmePersistenceOutcome(store: store, meName: me.name, meFriendName: me.friend?.name,
                                    notebookURL: notebook.archiveURL, againTitle: again.title,
                                    settings: settings, theme: theme)
}

/// What the "Typed keys, change streams and `@Stored`" snippet gave.
public struct ReadmePreferencesOutcome {
    public var preferences: BasicValueStore
    /// `preferences[.launches]` after the increment.
    public var launchesAfterIncrement: Int
    /// `try preferences.value(forKey: .launches)`.
    public var launches: Int
    /// `preferences[.userName]`.
    public var userName: String?
    /// A `PreferencesModel` over the store: its `launches`.
    public var modelLaunches: Int
    /// The snippet's watcher task, for the caller to cancel.
    public var watcher: Task<Void, Never>
}

/// README, "Typed keys, change streams and `@Stored`", in the standard location.
public func readmePreferencesSample() throws -> ReadmePreferencesOutcome {
    let preferences = try BasicValueStore(name: "preferences")
    preferences[.launches] += 1                              // 1 the first time: the default is 0
    let launchesAfterIncrement = preferences[.launches]
    try preferences.set("Ada", forKey: .userName)            // throws what the subscript cannot
    let launches = try preferences.value(forKey: .launches)  // strict: another type stored there throws

    let watcher = Task {                                     // the current value, then each new one
        for await name in preferences.changes(forKey: .userName) { print(name ?? "signed out") }
    }

    let model = PreferencesModel(store: preferences)
    return ReadmePreferencesOutcome(preferences: preferences, launchesAfterIncrement: launchesAfterIncrement,
                                    launches: launches, userName: preferences[.userName],
                                    modelLaunches: model.launches, watcher: watcher)
}

/// README, "Caching" (in the standard caches location).
public func readmeCachingSample(_ profile: Profile, api: ProfileAPI) async throws
    -> (cache: Cache<Profile>, cached: Profile, fetched: Profile) {
    let cache = try Cache<Profile>(name: "profiles")
    cache.register(CacheFormat(name: "full", diskCapacity: 50_000_000,
                               memoryLimit: CacheMemoryLimit(count: 500),
                               preloadPolicy: .lastSession, expiry: .sliding(7 * 86_400)))
    try await cache.set(profile, forKey: "42", format: "full")
    let cached = try await cache.value(forKey: "42", format: "full")
    let fetched = try await cache.value(from: ClosureFetcher(key: "7") { try await api.profile("7") },
                                        format: "full")
    return (cache, cached, fetched)
}

/// The name of the README's `Person` stored under `key` in `store`.
public func readmePersonName(in store: ArchiveStore, forKey key: String) throws -> String {
    try store.retrieve(Person.self, forKey: key).name
}
