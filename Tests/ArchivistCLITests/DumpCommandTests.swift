import ArchivistCLI
import Foundation
import PropertyList
import Testing

@Suite struct DumpCommandTests {
    @Test func printsTheReadableTree() throws {
        let directory = try TemporaryDirectory()
        let value: PropertyListValue = ["name": "Ada", "tags": ["x"]]
        let path = try directory.file("doc.json", value.canonicalJSONData())
        let run = archivist("dump", path)
        #expect(run.status == 0)
        #expect(run.error.isEmpty)
        #expect(run.outputText == """
            dict (2)
              "name": string "Ada"
              "tags": array (1)
                [0] string "x"

            """)
    }

    @Test func printsCanonicalJSONOnOneLineWithJSONFlag() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("doc", Fixtures.sampleJSON)
        for run in [archivist("dump", "--json", path), archivist("dump", path, "--json")] {
            #expect(run.status == 0)
            #expect(run.outputText == Fixtures.sample.canonicalJSON() + "\n")
        }
    }

    @Test func readsStandardInputForDash() {
        let spaced = Data("  \n".utf8) + Fixtures.sampleJSON
        let run = archivist("dump", "--json", "-", standardInput: spaced)
        #expect(run.status == 0)
        #expect(run.outputText == Fixtures.sample.canonicalJSON() + "\n")
    }

    @Test func detectsTheFormatFromTheBytesNotTheName() throws {
        let directory = try TemporaryDirectory()
        let json = try directory.file("looks-binary.plist", Fixtures.sampleJSON)
        #expect(archivist("dump", "--json", json).status == 0)
        let fakeBinary = try directory.file("looks-like.json", Data("bplist00 not really".utf8))
        let run = archivist("dump", fakeBinary)
        #expect(run.status == 1)
        #expect(run.error.contains("looks-like.json: invalid binary property list"))
    }

    @Test func reportsInvalidInputWithItsLocationAndExits1() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("bad.json", Data(#"{"type":"array","value":[{"type":"int","value":"1x"}]}"#.utf8))
        let run = archivist("dump", path)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.error == "archivist: \(path): invalid canonical JSON property list: at offset 0x31 at root[0]: unexpected \"x\" in the int value\n")
    }

    @Test func namesFilesItCannotRead() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path("missing.plist")
        let run = archivist("dump", missing)
        #expect(run.status == 1)
        #expect(run.error == "archivist: cannot read '\(missing)': no such file or directory\n")
        let folder = archivist("dump", directory.url.path)
        #expect(folder.status == 1)
        #expect(folder.error.contains("cannot read '\(directory.url.path)': it is a directory"))
    }

    @Test func rejectsBytesInNoKnownFormat() {
        let run = archivist("dump", "-", standardInput: Data("hello".utf8))
        #expect(run.status == 1)
        #expect(run.error == "archivist: <stdin>: not a binary, XML or canonical JSON property list\n")
        #expect(archivist("dump", "-").error.contains("(the input is empty)"))
    }

    @Test(.enabled(if: Fixtures.codecsAvailable, Comment(rawValue: Fixtures.codecsMissing)))
    func dumpsBinaryAndXMLWrittenByFoundation() throws {
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let run = archivist("dump", "--json", "-", standardInput: try Fixtures.foundationEncoded(format))
            #expect(run.status == 0, "\(run.error)")
            #expect(run.outputText == Fixtures.sample.canonicalJSON() + "\n")
            let encoded = try Fixtures.foundationEncoded(format)
            #expect(archivist("dump", "-", standardInput: encoded).outputText == (try PropertyListValue(from: encoded)).treeDescription())
        }
    }
}
