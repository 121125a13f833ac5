import Foundation
import Persistence
import Testing
import TestSupport

/// Damaged files are typed errors naming the key; the store stays usable.
@Suite struct ArchiveStoreCorruptionTests {
    private func damaged(_ damage: (inout Data) -> Void) throws -> (TemporaryStore, PersistenceError) {
        let fixture = try TemporaryStore()
        try fixture.store.persist(Contact.sample(1), forKey: "bad")
        try fixture.store.persist(Contact.sample(2), forKey: "good")
        let url = try fixture.store.fileURL(forKey: "bad")
        var data = try Data(contentsOf: url)
        damage(&data)
        try data.write(to: url)
        let error = try #require(throws: PersistenceError.self) { try fixture.store.retrieve(Contact.self, forKey: "bad") }
        return (fixture, error)
    }

    @Test(arguments: [0, 10, 23, 24, 40, 80])
    func aTruncatedFileIsCorruptNamingTheKey(_ length: Int) throws {
        let (fixture, error) = try damaged { $0 = $0.prefix(length) }
        #expect(error.kind == .corrupt)
        #expect(error.key == "bad")
        #expect(error.path?.hasSuffix("/bad.arv") == true)
        #expect(try fixture.store.retrieve(Contact.self, forKey: "good") == .sample(2))
        try fixture.store.persist(Contact.sample(3), forKey: "bad")
        #expect(try fixture.store.retrieve(Contact.self, forKey: "bad") == .sample(3))
    }

    @Test func everySingleBitFlipIsDetected() throws {
        let fixture = try TemporaryStore()
        try fixture.store.persist(Contact.sample(1), forKey: "bad")
        let url = try fixture.store.fileURL(forKey: "bad")
        let original = try Data(contentsOf: url)
        var random = SeededRandom(seed: 11)
        for _ in 0..<64 {
            var data = original
            let bit = random.below(data.count * 8)
            data[bit / 8] ^= UInt8(1 << (bit % 8))
            try data.write(to: url)
            let error = #expect(throws: PersistenceError.self, "bit \(bit)") {
                try fixture.store.retrieve(Contact.self, forKey: "bad")
            }
            #expect(error?.kind == .corrupt, "bit \(bit): \(String(describing: error))")
        }
    }

    @Test func garbageAndForeignFormatsAreCorrupt() throws {
        let (fixture, error) = try damaged { $0 = Data("bplist00 this is not ours".utf8) }
        #expect(error.kind == .corrupt)
        #expect(error.description.contains("\"bad\""))
        #expect(try fixture.store.keys() == ["bad", "good"])
    }

    @Test func aFileHoldingAnotherKeyIsCorrupt() throws {
        let (_, error) = try damaged { $0 = StoreFileEnvelope.encode(Data("x".utf8), key: "someone else") }
        #expect(error.kind == .corrupt)
        #expect(error.message.contains("someone else"))
    }

    @Test func anIntactEnvelopeAroundADamagedArchiveIsCorrupt() throws {
        let (_, error) = try damaged { $0 = StoreFileEnvelope.encode(Data("bplist00garbage".utf8), key: "bad") }
        #expect(error.kind == .corrupt)
        #expect(error.underlying != nil)
    }

    @Test func deleteEverythingRemovesDamagedFilesToo() throws {
        let (fixture, _) = try damaged { $0 = $0.prefix(5) }
        try fixture.store.deleteEverything()
        #expect(try fixture.fileNames().isEmpty)
    }
}
