import ArchivistCLI
import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing

/// A node for graphs shown by `archivist dump`.
final class DumpNode: AutoCodable {
    var name = ""
    var next: DumpNode?
    var peers: [DumpNode] = []
    required init() {}
}

/// `archivist dump` on keyed archives: the resolved graph, or the raw property list with --json.
@Suite struct DumpKeyedArchiveTests {
    /// a → b → a (a cycle), and c shared by a's peers twice.
    private func sampleArchive() throws -> Data {
        let a = DumpNode()
        a.name = "a"
        let b = DumpNode()
        b.name = "b"
        let c = DumpNode()
        c.name = "c"
        a.next = b
        b.next = a
        a.peers = [c, c]
        defer { b.next = nil }
        return try KeyedArchiver().archive(a)
    }

    @Test func showsObjectsWithClassNamesSharingAndBackReferences() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("graph.plist", sampleArchive())
        let run = archivist("dump", path)
        #expect(run.status == 0)
        #expect(run.error.isEmpty)
        #expect(run.outputText == """
            keyed archive (NSKeyedArchiver), 3 custom objects
            root: #1 DumpNode (shared: 2 references)
              "name": string "a"
              "next": #4 DumpNode
                "name": string "b"
                "next": ↻ #1 DumpNode (back-reference)
                "peers": array (0)
              "peers": array (2)
                [0] #9 DumpNode (shared: 2 references)
                  "name": string "c"
                  "next": null
                  "peers": array (0)
                [1] → #9 DumpNode (shared, shown above)

            """)
    }

    @Test func jsonFlagStillPrintsTheRawCanonicalPropertyList() throws {
        let data = try sampleArchive()
        let directory = try TemporaryDirectory()
        let path = try directory.file("graph.plist", data)
        let run = archivist("dump", "--json", path)
        #expect(run.status == 0)
        #expect(run.outputText == (try PropertyListValue(from: data)).canonicalJSON() + "\n")
        #expect(run.outputText.contains(#""$objects""#))
    }

    @Test func foundationValueArchivesShowTheirValues() throws {
        let object: NSDictionary = ["k": NSArray(array: ["v", 1])]
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: false)
        let directory = try TemporaryDirectory()
        let run = archivist("dump", try directory.file("values.plist", data))
        #expect(run.status == 0)
        #expect(run.outputText == """
            keyed archive (NSKeyedArchiver), 0 custom objects
            root: dict (1)
              "k": array (2)
                [0] string "v"
                [1] int 1

            """)
    }

    @Test func malformedKeyedArchivesFailWithTheObjectIndex() throws {
        let broken: PropertyListValue = [
            "$archiver": "NSKeyedArchiver", "$version": 100_000, "$top": ["root": .uid(1)],
            "$objects": ["$null", ["$class": .uid(7)]],
        ]
        let directory = try TemporaryDirectory()
        let path = try directory.file("broken.plist", broken.encoded(as: .binary))
        let run = archivist("dump", path)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("broken.plist: invalid keyed archive: uidOutOfRange at object 1"))
        #expect(archivist("dump", "--json", path).status == 0)
    }
}
