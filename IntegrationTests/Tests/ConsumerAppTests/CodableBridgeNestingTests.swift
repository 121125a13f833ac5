import Archivist
import ConsumerApp
import Foundation
import Testing

/// The README's bridge limit counts on through a type's own `Codable`: an app's file tree, whose
/// entries are an enum with synthesized `Codable`, round-trips within the limit, and a binary
/// property list that contains itself through the enum is refused instead of running forever.
@Suite struct CodableBridgeNestingTests {
    @Test func aFolderTreeRoundTripsThroughJSONAndPropertyLists() throws {
        let tree = Folder.nested(100)
        let binary = PropertyListEncoder()
        binary.outputFormat = .binary
        #expect(try JSONDecoder().decode(Folder.self, from: JSONEncoder().encode(tree)).folderCount == 100)
        #expect(try PropertyListDecoder().decode(Folder.self, from: binary.encode(tree)).folderCount == 100)
    }

    @Test func aBinaryListWhoseFolderContainsItselfIsRefused() throws {
        // bplist00: F = {"name": "loop", "entries": [{"folder": {"_0": F}}]}.
        let objects: [[UInt8]] = [
            [0xD2, 1, 2, 3, 4],                      // 0: F
            [0x54] + Array("name".utf8),             // 1
            [0x57] + Array("entries".utf8),          // 2
            [0x54] + Array("loop".utf8),             // 3
            [0xA1, 5],                               // 4: [entry]
            [0xD1, 6, 7],                            // 5: {"folder": payload}
            [0x56] + Array("folder".utf8),           // 6
            [0xD1, 8, 0],                            // 7: {"_0": F}
            [0x52] + Array("_0".utf8),               // 8
        ]
        let error = try #require(throws: DecodingError.self) {
            try PropertyListDecoder().decode(Folder.self, from: HandBuiltBinaryList.data(objects))
        }
        guard case .dataCorrupted(let context) = error, let underlying = context.underlyingError as? AutoCodingError else {
            Issue.record("expected dataCorrupted carrying an AutoCodingError, got \(error)")
            return
        }
        #expect(underlying.kind == .depthLimitExceeded)
        #expect(underlying.pathDescription.hasPrefix("Folder.entries[0]"))
    }
}
