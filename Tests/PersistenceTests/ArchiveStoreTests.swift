import AutoCoding
import Foundation
import Persistence
import Testing

/// The store's verbs: persist, retrieve, delete, keys, contains, deleteEverything.
@Suite struct ArchiveStoreTests {
    @Test func persistedValuesReadBackInAFreshStore() throws {
        let fixture = try TemporaryStore()
        let written = try fixture.store.persist(Contact.sample(1), forKey: "one")
        try fixture.store.persist(Contact.sample(2), forKey: "two")
        #expect(written.size == (try Data(contentsOf: written.url)).count)
        let fresh = try fixture.reopened()
        #expect(try fresh.retrieve(Contact.self, forKey: "one") == .sample(1))
        #expect(try fresh.retrieve(Contact.self, forKey: "two") == .sample(2))
        #expect(try fresh.keys() == ["one", "two"])
    }

    @Test func persistReplacesTheValue() throws {
        let fixture = try TemporaryStore()
        try fixture.store.persist(Contact.sample(1), forKey: "k")
        try fixture.store.persist(Contact.sample(9), forKey: "k")
        #expect(try fixture.store.retrieve(Contact.self, forKey: "k") == .sample(9))
        #expect(try fixture.fileNames() == ["k.arv"])
    }

    @Test func aMissingKeyIsATypedNotFoundError() throws {
        let fixture = try TemporaryStore()
        let error = try #require(throws: PersistenceError.self) { try fixture.store.retrieve(Contact.self, forKey: "nope") }
        #expect(error.kind == .notFound)
        #expect(error.key == "nope")
        #expect(try fixture.store.retrieveIfPresent(Contact.self, forKey: "nope") == nil)
        #expect(fixture.store.retrieveObject(Contact.self, forKey: "nope") == nil)
    }

    @Test func deleteRemovesOnlyThatKey() throws {
        let fixture = try TemporaryStore()
        try fixture.store.persist(Contact.sample(1), forKey: "a")
        try fixture.store.persist(Contact.sample(2), forKey: "b")
        #expect(try fixture.store.delete(forKey: "a"))
        #expect(try !fixture.store.delete(forKey: "a"))
        #expect(try !fixture.store.contains("a"))
        #expect(try fixture.store.contains("b"))
        #expect(try fixture.store.keys() == ["b"])
    }

    @Test func deleteEverythingRemovesOnlyTheStoresOwnFiles() throws {
        let fixture = try TemporaryStore()
        try fixture.store.persist(Contact.sample(1), forKey: "a")
        try fixture.store.persist(Contact.sample(2), forKey: String(repeating: "long", count: 100))
        let directory = fixture.store.directoryURL
        try Data("mine".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        try Data("foreign".utf8).write(to: directory.appendingPathComponent("Other.arv"))
        let sibling = directory.deletingLastPathComponent().appendingPathComponent("sibling.arv")
        try Data("outside".utf8).write(to: sibling)
        try fixture.store.deleteEverything()
        #expect(try fixture.store.keys().isEmpty)
        #expect(try fixture.fileNames() == ["Other.arv", "notes.txt"])
        #expect(FileManager.default.fileExists(atPath: sibling.path))
        try fixture.store.persist(Contact.sample(3), forKey: "a")
        #expect(try fixture.store.retrieve(Contact.self, forKey: "a") == .sample(3))
    }

    @Test func aValueOfAnotherTypeIsATypeMismatchNamingTheKey() throws {
        let fixture = try TemporaryStore()
        try fixture.store.persist(Gadget(), forKey: "thing")
        let error = try #require(throws: PersistenceError.self) { try fixture.store.retrieve(Contact.self, forKey: "thing") }
        #expect(error.kind == .typeMismatch)
        #expect(error.key == "thing")
        #expect(error.path?.hasSuffix("/thing.arv") == true)
        #expect(error.underlying is AutoCodingError)
    }

    @Test func updateReadsChangesAndStores() throws {
        let fixture = try TemporaryStore()
        try fixture.store.update(Counter.self, forKey: "c", default: Counter()) { $0.value += 5 }
        let final = try fixture.store.update(Counter.self, forKey: "c", default: Counter()) { $0.value *= 2 }
        #expect(final.value == 10)
        #expect(try fixture.reopened().retrieve(Counter.self, forKey: "c").value == 10)
    }

    @Test func boolConveniencesReportSuccess() throws {
        let fixture = try TemporaryStore()
        #expect(fixture.store.persistObject(Contact.sample(4), forKey: "x"))
        #expect(fixture.store.retrieveObject(Contact.self, forKey: "x") == .sample(4))
        #expect(fixture.store.deleteObject(forKey: "x"))
        fixture.disk.inject(FileSystemFault(.write, code: ENOSPC))
        #expect(!fixture.store.persistObject(Contact.sample(5), forKey: "x"))
    }

    @Test func openingRemovesLeftoverTemporaryFilesOfDeadWriters() throws {
        let fixture = try TemporaryStore()
        try fixture.store.persist(Contact.sample(1), forKey: "a")
        let leftover = fixture.store.directoryURL.appendingPathComponent(AtomicFileWriter.temporaryPrefix + "999999999-ab-a.arv")
        try Data("half".utf8).write(to: leftover)
        _ = try fixture.reopened()
        #expect(try fixture.fileNames() == ["a.arv"])
    }

    @Test func fullDurabilityFlushesFileAndDirectoryOnEveryPersist() throws {
        let fixture = try TemporaryStore()
        fixture.disk.clearRecordedCalls()
        try fixture.store.persist(Contact.sample(1), forKey: "a")
        let operations = fixture.disk.recordedCalls.map(\.operation)
        #expect(operations == [.open, .write, .sync, .close, .rename, .syncDirectory])
    }
}
