import Foundation
import Persistence
import Testing

struct Preferences: SavableValue, Equatable {
    var theme = "light"
    var fontSize = 12
    var recent: [String] = []
    var folder = ""
    var archiveURL: URL { URL(fileURLWithPath: folder).appendingPathComponent("preferences.plist") }

    func willSave() throws {
        if fontSize <= 0 { throw PreferencesError.invalidFontSize }
    }

    mutating func didLoad() throws {
        recent = Array(recent.prefix(3))
    }

    enum PreferencesError: Error { case invalidFontSize }
}

/// Structs get the same verbs as SavableObject.
@Suite struct SavableValueTests {
    @Test func aStructSavesAndLoads() throws {
        let directory = try TemporaryDirectoryHolder()
        var preferences = Preferences(folder: directory.url.path)
        preferences.theme = "dark"
        preferences.recent = ["a", "b", "c", "d"]
        try preferences.save()
        let loaded = try Preferences.load(from: preferences.archiveURL)
        #expect(loaded.theme == "dark")
        #expect(loaded.recent == ["a", "b", "c"])
        #expect(loaded.folder == directory.url.path)
    }

    @Test func hooksAndConveniencesBehaveAsForObjects() async throws {
        let directory = try TemporaryDirectoryHolder()
        var preferences = Preferences(folder: directory.url.path)
        #expect(preferences.saveObject())
        preferences.fontSize = 0
        let error = try #require(throws: PersistenceError.self) { try preferences.save() }
        #expect(error.kind == .hookFailed)
        preferences.fontSize = 20
        let saved = await withCheckedContinuation { continuation in
            preferences.saveInBackground { continuation.resume(returning: $0) }
        }
        #expect(try saved.get().url == preferences.archiveURL)
        #expect(Preferences.loadObject(from: preferences.archiveURL)?.fontSize == 20)
        #expect(try preferences.delete())
        #expect(Preferences.loadObject(from: preferences.archiveURL) == nil)
    }
}
