import Archivist
import ConsumerApp
import Foundation
import Testing

/// The README's samples, compiled in an app target and run: they give what the README says.
@Suite struct ReadmeSampleTests {
    @Test func archivingSampleRoundTripsTheOrder() throws {
        let outcome = try readmeArchivingSample()
        #expect(outcome.copyID == 42)
        #expect(outcome.copyLines == ["A-1×3@9.5", "B-2×1@0.25"])
        #expect(outcome.copyStatus == "shipped")
        #expect(outcome.copyNote == nil)
        // "Each AutoCodable value becomes a dictionary keyed by property name"; the enum is its raw value.
        let tree = try PropertyListValue(from: outcome.data)
        #expect(tree["$type"] == "Order")
        #expect(tree["id"] == 42)
        #expect(tree["status"] == "shipped")
        #expect(tree["lines"]?[0]?["sku"] == "A-1")
        #expect(tree["note"] == "$null")
    }

    @Test func keyedArchiveSampleKeepsIdentityAndReadsTheObjectiveCArchive() throws {
        let outcome = try readmeKeyedArchiveSample()
        #expect(outcome.names == ["Ada", "Charles", "Ada"])
        #expect(outcome.firstIsThird)        // people[0] === people[2]
        #expect(outcome.firstFriendIsSecond) // people[0].friend === people[1]
        #expect(outcome.secondFriendIsFirst)
        #expect(outcome.legacyNames == ["Ada"])
        #expect(outcome.legacyCycleKept)
        // The Swift type is named `Person` too, and a type's unqualified name is one it reads by
        // default: here the mapping is needed only for other names (`ReadmePerson` in the package's
        // own README test).
        #expect(outcome.unmappedError == nil)
    }

    /// Runs in the standard locations the README names, and removes what it made there.
    @Test func persistenceSampleSavesAndLoadsInTheStandardLocations() throws {
        let outcome = try readmePersistenceSample()
        defer {
            try? outcome.store.deleteEverything()
            try? FileManager.default.removeItem(at: outcome.store.directoryURL)
            try? FileManager.default.removeItem(at: outcome.notebookURL)
            try? outcome.settings.removeAll()
            try? FileManager.default.removeItem(at: outcome.settings.fileURL.deletingLastPathComponent())
        }
        #expect(outcome.meName == "Ada")
        #expect(outcome.meFriendName == nil)
        #expect(outcome.againTitle == "Field notes")
        #expect(outcome.theme == "dark")
        // `~/.local/share/<app>/people`, `<app>/SavableObjects/notebook.plist`: one application directory.
        let application = outcome.store.directoryURL.deletingLastPathComponent()
        #expect(outcome.store.directoryURL.lastPathComponent == "people")
        #expect(outcome.notebookURL.lastPathComponent == "notebook.plist")
        #expect(outcome.notebookURL.deletingLastPathComponent().lastPathComponent == "SavableObjects")
        #expect(outcome.notebookURL.deletingLastPathComponent().deletingLastPathComponent().path == application.path)
        #expect(outcome.settings.fileURL.deletingLastPathComponent().deletingLastPathComponent().path == application.path)
        #if os(Linux)
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "") + "/.local/share"
        #expect(application.deletingLastPathComponent().standardizedFileURL.path
                == URL(fileURLWithPath: base).standardizedFileURL.path)
        #endif
        // A fresh store over the same directory sees the background write.
        let reopened = try ArchiveStore(name: "people")
        #expect(try reopened.keys() == ["me"])
        #expect(try readmePersonName(in: reopened, forKey: "me") == "Ada")
    }

    /// Runs in the standard location the README names, and removes what it made there.
    @Test func preferencesSampleReadsWritesAndWatchesTypedKeys() async throws {
        // A store left by an interrupted run would start the count elsewhere.
        try BasicValueStore(name: "preferences").removeAll()
        let outcome = try readmePreferencesSample()
        defer {
            outcome.watcher.cancel()
            try? outcome.preferences.removeAll()
            try? FileManager.default.removeItem(at: outcome.preferences.fileURL.deletingLastPathComponent())
        }
        #expect(outcome.launchesAfterIncrement == 1)
        #expect(outcome.launches == 1)
        #expect(outcome.userName == "Ada")
        #expect(outcome.modelLaunches == 1)
        #expect(outcome.preferences.integer(forKey: "launches") == 1)
        // "strict: another type stored there throws" (the README's keys are the app's own, internal).
        let launches = BasicValueStore.Key<Int>("launches", default: 0)
        try outcome.preferences.set("many", forKey: "launches")
        #expect(outcome.preferences[launches] == 0)
        #expect(throws: PersistenceError.self) { try outcome.preferences.value(forKey: launches) }
    }

    /// Runs in the standard caches location, and removes what it made there.
    @Test func cachingSampleStoresAndFetches() async throws {
        let (cache, cached, fetched) = try await readmeCachingSample(Profile(id: "42", name: "Ada"), api: ProfileAPI())
        #expect(cached == Profile(id: "42", name: "Ada"))
        #expect(fetched == Profile(id: "7", name: "Grace"))
        await cache.removeAll()
        try? FileManager.default.removeItem(at: cache.directory)
    }
}
