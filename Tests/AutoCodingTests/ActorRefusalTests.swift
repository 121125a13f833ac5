import AutoCoding
import Foundation
import PropertyList
import Testing

/// An actor that declares itself `AutoCodable`.
actor ArchivedCounter: AutoCodable {
    var count = 0
    init() {}
}

/// Holds an actor in a property.
struct CounterHolder: AutoCodable {
    var name = ""
    var counter = ArchivedCounter()
}

/// An actor's state is isolated to it: the engine refuses actors when it builds their plan, with a
/// message saying why and what to archive instead, and never reads or fills one.
@Suite struct ActorRefusalTests {
    private func expectActorRefusal(_ body: () throws -> Void) throws {
        let error = try #require(throws: AutoCodingError.self) { try body() }
        #expect(error.kind == .unsupportedType)
        #expect(error.reason.contains("ArchivedCounter is an actor"))
        #expect(error.reason.contains("cannot be read or filled synchronously"))
        #expect(error.found == "ArchivedCounter")
    }

    @Test func archivingAnActorIsRefused() throws {
        try expectActorRefusal { _ = try AutoArchiver.archive(ArchivedCounter(), format: .binary) }
        try expectActorRefusal { _ = try AutoArchiver.archive(ArchivedCounter(), format: .xml) }
        try expectActorRefusal { _ = try AutoArchiver.encodeTree(ArchivedCounter()) }
    }

    @Test func unarchivingAnActorIsRefused() throws {
        try expectActorRefusal { _ = try AutoArchiver.decode(ArchivedCounter.self, from: ["count": 3]) }
        try expectActorRefusal { _ = try AutoArchiver.properties(of: ArchivedCounter.self) }
    }

    @Test func anActorInAPropertyIsRefusedNamingTheProperty() throws {
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.encodeTree(CounterHolder()) }
        #expect(error.kind == .unsupportedType)
        #expect(error.description.contains("ArchivedCounter is an actor"))
    }
}
