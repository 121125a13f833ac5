import AutoCoding
import Foundation
import PropertyList
import Testing

/// Nests through itself: the shape a self-containing archive pretends to have.
struct HostileNest: AutoCodable {
    var children: [HostileNest] = []
}

/// The same shape through `Codable`, read via the engine's tree.
struct CodableNest: Codable {
    var children: [CodableNest] = []
}

struct CodableNestHolder: AutoCodable {
    var children: [CodableNest] = []
}

/// A dictionary whose children hold plain dictionaries.
struct DictionaryHolder: AutoCodable {
    var children: [[String: [String: Int]]] = []
}

/// A binary property list may refer to a container from inside itself; the engine's binary
/// reader refuses such an archive as corrupt at once instead of following it until a limit.
@Suite struct HostileArchiveTests {
    /// `bplist00` whose root dictionary is `{"children": [<the root itself>]}`.
    static let selfContaining: Data = {
        var bytes = Array("bplist00".utf8)
        bytes += [0xD1, 0x01, 0x02]                  // object 0 at 8: dictionary, key #1, value #2
        bytes += [0x58] + Array("children".utf8)     // object 1 at 11: 8-character ASCII string
        bytes += [0xA1, 0x00]                        // object 2 at 20: array holding object 0
        bytes += [0x08, 0x0B, 0x14]                  // offset table at 22
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]            // trailer: unused, offset size 1, reference size 1
        bytes += [0, 0, 0, 0, 0, 0, 0, 3]            // 3 objects
        bytes += [0, 0, 0, 0, 0, 0, 0, 0]            // top object 0
        bytes += [0, 0, 0, 0, 0, 0, 0, 22]           // offset table offset
        return Data(bytes)
    }()

    @Test func theHandMadeArchiveIsAValidPropertyListWithACycle() throws {
        let error = try #require(throws: PropertyListError.self) { try PropertyListValue(from: Self.selfContaining) }
        #expect(error.kind == .cycle)
    }

    private func expectRefusedFast<T: AutoCodable>(_ type: T.Type) throws {
        let start = ContinuousClock.now
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.unarchive(T.self, from: Self.selfContaining) }
        let elapsed = ContinuousClock.now - start
        #expect(error.kind == .corruptArchive, "\(error)")
        #expect(elapsed < .seconds(1), "found after \(elapsed)")
    }

    @Test func anAutoCodableValueContainingItselfIsACorruptArchive() throws {
        try expectRefusedFast(HostileNest.self)
    }

    @Test func aCodableValueContainingItselfIsACorruptArchive() throws {
        try expectRefusedFast(CodableNestHolder.self)
    }

    @Test func aDictionaryContainingItselfIsACorruptArchive() throws {
        try expectRefusedFast(DictionaryHolder.self)
    }
}
