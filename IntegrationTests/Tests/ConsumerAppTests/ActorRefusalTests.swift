import Archivist
import ConsumerApp
import Foundation
import Testing

/// An actor declared `AutoCodable` is refused with a typed error, never read or filled from outside.
@Suite struct ActorRefusalTests {
    @Test(arguments: [PropertyListFormat.binary, .xml])
    func archivingAnActorIsAnUnsupportedTypeError(_ format: PropertyListFormat) throws {
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.archive(ScoreKeeper(), format: format) }
        #expect(error.kind == .unsupportedType)
        #expect(error.reason.contains("actor"))
        #expect(error.reason.contains("synchronously"))
    }

    @Test func unarchivingAnActorIsRefusedToo() throws {
        let error = try #require(throws: AutoCodingError.self) {
            try AutoArchiver.unarchive(ScoreKeeper.self, from: PropertyListValue.dictionary(["score": 3]).encoded(as: .binary))
        }
        #expect(error.kind == .unsupportedType)
        #expect(error.description.contains("ScoreKeeper"))
    }

    @Test func storingAnActorIsAnUnsupportedValue() throws {
        let directory = try TemporaryDirectory()
        let store = try ArchiveStore(name: "actors", location: .directory(directory.url))
        let error = try #require(throws: PersistenceError.self) { try store.persist(ScoreKeeper(), forKey: "score") }
        #expect(error.kind == .unsupportedValue)
        #expect((error.underlying as? AutoCodingError)?.kind == .unsupportedType)
    }
}
