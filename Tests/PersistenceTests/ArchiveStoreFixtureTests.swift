import AutoCoding
import Foundation
import Persistence
import Testing
import TestSupport

/// A store directory written by Python from the documented layout reads back through the store,
/// and our writer produces the same bytes.
@Suite struct ArchiveStoreFixtureTests {
    static let expected: [String: (id: Int, name: String, note: String?)] = [
        "ada": (1, "Ada Lovelace", "first"),
        "Mixed Case/Key": (2, "Grace Hopper", nil),
        "café ☕": (3, "Alan Turing", "unicode key"),
        String(repeating: "long-", count: 60): (4, "Edsger Dijkstra", nil),
    ]

    /// A copy of the fixture store (opening a store may clean its directory).
    private func openCopy() throws -> (TemporaryDirectoryHolder, ArchiveStore) {
        let holder = try TemporaryDirectoryHolder()
        let copy = holder.url.appendingPathComponent("store-v1")
        try FileManager.default.copyItem(at: Fixtures.url("Persistence/store-v1"), to: copy)
        return (holder, try ArchiveStore(name: "fixture", directoryPath: copy.path, fileSystem: SystemFileSystem()))
    }

    @Test func pythonWrittenEntriesReadBackWithTheirKeys() throws {
        let (holder, store) = try openCopy()
        #expect(try store.keys() == Self.expected.keys.sorted())
        let joined = try #require(ISO8601DateFormatter().date(from: "2024-02-29T12:30:00Z"))
        for (key, record) in Self.expected {
            let contact = try store.retrieve(Contact.self, forKey: key)
            #expect(contact.id == record.id)
            #expect(contact.name == record.name)
            #expect(contact.note == record.note)
            #expect(contact.tags == ["fixture", "n\(record.id)"])
            #expect(contact.joined == joined)
        }
        withExtendedLifetime(holder) {}
    }

    @Test func ourEnvelopeAndFileNameMatchThePythonImplementation() throws {
        let directory = Fixtures.url("Persistence/store-v1")
        for key in Self.expected.keys {
            let name = KeyFileName.stem(for: key).text + ".arv"
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            let decoded = try StoreFileEnvelope.decode(data)
            #expect(decoded.key == key)
            #expect(StoreFileEnvelope.encode(decoded.payload, key: key) == data)
        }
    }

    @Test func rewritingAFixtureKeyKeepsItsFileName() throws {
        let (holder, store) = try openCopy()
        let before = try FileManager.default.contentsOfDirectory(atPath: store.directoryURL.path).sorted()
        for key in Self.expected.keys {
            var contact = try store.retrieve(Contact.self, forKey: key)
            contact.id += 100
            try store.persist(contact, forKey: key)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directoryURL.path).sorted() == before)
        withExtendedLifetime(holder) {}
    }
}
