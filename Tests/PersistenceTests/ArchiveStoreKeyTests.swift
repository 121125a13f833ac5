import Foundation
import Persistence
import Testing

/// Any string is a key, and no key reaches outside the store's directory.
@Suite struct ArchiveStoreKeyTests {
    static let hostileKeys: [String] = [
        "../x", "/etc/passwd", "a/b", "..", ".", "", "\u{0}", "a\u{0}b", ".hidden", "~", "%41", "^a", "=",
        "CON", "Key", "key", "KEY", "a b", "tab\there", "new\nline", "émoji 🎉", "\\back\\slash",
        String(repeating: "x", count: 10_000), String(repeating: "/..", count: 3_000),
        AtomicFileWriter.temporaryPrefix + "1-2-a.arv",
    ]

    @Test func everyKeyRoundTripsAndStaysInsideTheDirectory() throws {
        let fixture = try TemporaryStore()
        for (index, key) in Self.hostileKeys.enumerated() {
            try fixture.store.persist(Contact.sample(index), forKey: key)
        }
        for (index, key) in Self.hostileKeys.enumerated() {
            #expect(try fixture.store.retrieve(Contact.self, forKey: key) == .sample(index), "key \(key.debugDescription)")
        }
        #expect(try fixture.reopened().keys() == Self.hostileKeys.sorted())
        let parent = fixture.store.directoryURL.deletingLastPathComponent()
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["store"])
        for name in try fixture.fileNames() {
            #expect(name.utf8.count <= 255)
            #expect(!name.hasPrefix("."))
            #expect(!name.contains("/"))
        }
        #expect(FileManager.default.fileExists(atPath: "/etc/passwd"))
    }

    @Test func casesAreDistinctKeysEvenOnCaseInsensitiveFileSystems() throws {
        let fixture = try TemporaryStore()
        try fixture.store.persist(Contact.sample(1), forKey: "Key")
        try fixture.store.persist(Contact.sample(2), forKey: "key")
        #expect(try fixture.store.retrieve(Contact.self, forKey: "Key") == .sample(1))
        #expect(try fixture.fileNames().map { $0.lowercased() } == ["^key.arv", "key.arv"])
    }

    @Test func unicodeNormalizationsOfOneNameAreOneKey() throws {
        let fixture = try TemporaryStore()
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        try fixture.store.persist(Contact.sample(1), forKey: decomposed)
        try fixture.store.persist(Contact.sample(2), forKey: composed)
        #expect(try fixture.store.retrieve(Contact.self, forKey: decomposed) == .sample(2))
        #expect(try fixture.store.keys() == [composed])
        #expect(try fixture.fileNames().count == 1)
    }

    @Test func longKeysWithACollidingHashAreToldApartByTheStoredKey() throws {
        let fixture = try TemporaryStore()
        let key = String(repeating: "k", count: 500)
        let url = try fixture.store.fileURL(forKey: key)
        // Plant another long key's entry under this key's hashed name, as a hash collision would.
        let impostor = String(repeating: "z", count: 500)
        let planted = StoreFileEnvelope.encode(Data("not this key's".utf8), key: impostor)
        try planted.write(to: url)
        #expect(try fixture.store.retrieveIfPresent(Contact.self, forKey: key) == nil)
        try fixture.store.persist(Contact.sample(7), forKey: key)
        #expect(try Data(contentsOf: url) == planted)
        #expect(try fixture.store.retrieve(Contact.self, forKey: key) == .sample(7))
        #expect(try fixture.reopened().retrieve(Contact.self, forKey: key) == .sample(7))
        #expect(try fixture.fileNames().count == 2)
    }
}
