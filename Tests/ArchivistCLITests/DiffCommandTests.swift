import ArchivistCLI
import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing

/// An order as an app would archive it, for paths that start at the root's `$type`.
struct DiffOrder: AutoCodable {
    struct Line: AutoCodable {
        var sku = ""
        var qty = 0
    }

    var id = 0
    var lines: [Line] = []
    var note: String?
    var gift = false
}

@Suite struct DiffCommandTests {
    private func order(qty: Int = 2, note: String? = nil, extraLine: Bool = false) throws -> Data {
        var lines = (0..<4).map { DiffOrder.Line(sku: "sku\($0)", qty: $0 == 3 ? qty : 1) }
        if extraLine { lines.append(DiffOrder.Line(sku: "new", qty: 1)) }
        return try AutoArchiver.archive(DiffOrder(id: 7, lines: lines, note: note), format: .binary)
    }

    @Test func equalDocumentsPrintNothingAndExit0EvenAcrossFormats() throws {
        let directory = try TemporaryDirectory()
        let binary = try directory.file("a.plist", order())
        let xml = try directory.file("b.plist", try PropertyListValue(from: order()).encoded(as: .xml))
        let run = archivist("diff", binary, xml)
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        #expect(run.error.isEmpty)
        #expect(archivist("diff", "--json", binary, xml).outputText == "{\"changes\":[],\"equal\":true}\n")
    }

    @Test func differencesArePrintedKeyPathByKeyPathAndExit1() throws {
        let directory = try TemporaryDirectory()
        let old = try directory.file("old.plist", order())
        let new = try directory.file("new.plist", order(qty: 3, note: "ring", extraLine: true))
        let run = archivist("diff", old, new)
        #expect(run.status == 1)
        #expect(run.error.isEmpty)
        #expect(run.outputText == """
            DiffOrder.lines[3].qty: 2 → 3
            DiffOrder.lines[4]: added dict (2)
            DiffOrder.note: "$null" → "ring"

            """)
    }

    @Test func typeChangesAndKeysOnOneSideAreNamed() {
        let old: PropertyListValue = ["qty": 2, "gift": true, "tags": ["a", "b"], "odd key": 1]
        let new: PropertyListValue = ["qty": "2", "tags": ["a"], "odd key": 1.5, "added": .data(Data([1, 2]))]
        let directory = try? TemporaryDirectory()
        guard let directory, let left = try? directory.file("l.json", old.canonicalJSONData()),
              let right = try? directory.file("r.json", new.canonicalJSONData()) else {
            Issue.record("cannot write the inputs")
            return
        }
        // Canonical JSON stores keys sorted, so that is the order the changes come in.
        let run = archivist("diff", left, right)
        #expect(run.status == 1)
        #expect(run.outputText == """
            gift: removed bool true
            ["odd key"]: int 1 → real 1.5
            qty: int 2 → string "2"
            tags[1]: removed string "b"
            added: added data (2 bytes) 0102

            """)
    }

    @Test func jsonOutputHasOneObjectPerChange() throws {
        let directory = try TemporaryDirectory()
        let old = try directory.file("old.plist", order())
        let new = try directory.file("new.plist", order(qty: 3))
        let run = archivist("diff", "--json", old, new)
        #expect(run.status == 1)
        #expect(run.outputText == #"{"changes":[{"kind":"changed","new":{"type":"int","value":"3"},"old":{"type":"int","value":"2"},"# +
                #""path":"DiffOrder.lines[3].qty"}],"equal":false}"# + "\n")
        let parsed = try JSONSerialization.jsonObject(with: run.output) as? [String: Any]
        #expect(parsed?["equal"] as? Bool == false)
    }

    @Test func unreadableInputExits2WithoutUsage() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.file("good.plist", order())
        let missing = archivist("diff", good, directory.path("absent.plist"))
        #expect(missing.status == 2)
        #expect(missing.output.isEmpty)
        #expect(missing.error == "archivist: cannot read '\(directory.path("absent.plist"))': no such file or directory\n")
        let garbage = archivist("diff", "-", good, standardInput: Data([0, 1, 2]))
        #expect(garbage.status == 2)
        #expect(garbage.error == "archivist: <stdin>: not a binary, XML or canonical JSON property list\n")
    }

    @Test func usageErrorsExit2WithTheUsage() {
        let run = archivist("diff", "only-one")
        #expect(run.status == 2)
        #expect(run.error.hasPrefix("archivist: missing argument B\n\nusage: archivist diff [--json] A B\n"))
        let help = archivist("help", "diff")
        #expect(help.status == 0)
        #expect(help.outputText.contains("Exit status: 0 equal, 1 different, 2 usage error or unreadable input."))
    }

    @Test func keyedArchivesCompareAsObjectGraphs() throws {
        func archive(_ names: [String]) throws -> Data {
            let nodes = names.map { name -> DumpNode in
                let node = DumpNode()
                node.name = name
                return node
            }
            nodes[0].peers = Array(nodes.dropFirst()) + [nodes[1]]
            return try KeyedArchiver().archive(nodes[0])
        }
        let directory = try TemporaryDirectory()
        let old = try directory.file("old.plist", archive(["a", "b", "c"]))
        let new = try directory.file("new.plist", archive(["a", "b", "d"]))
        #expect(archivist("diff", old, old).status == 0)
        let run = archivist("diff", old, new)
        #expect(run.status == 1)
        #expect(run.outputText.hasSuffix(".peers[1].name: \"c\" → \"d\"\n"), "\(run.outputText)")
        #expect(!run.outputText.contains("$objects"))
    }
}
