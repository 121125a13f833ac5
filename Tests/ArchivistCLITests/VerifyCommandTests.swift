import ArchivistCLI
import Foundation
import PropertyList
import Testing

@Suite struct VerifyCommandTests {
    @Test func reportsAValidDocumentAndItsValueCount() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("doc.plist", Fixtures.sampleJSON)
        let run = archivist("verify", path)
        #expect(run.status == 0)
        #expect(run.error.isEmpty)
        // The dictionary, its 7 values, and the 2 tags.
        #expect(run.outputText == "valid canonical JSON property list (10 values)\n")
        #expect(archivist("verify", "-", standardInput: PropertyListValue.bool(true).canonicalJSONData()).outputText
                == "valid canonical JSON property list (1 value)\n")
    }

    @Test func reportsAnInvalidDocumentOnStandardErrorWithItsOffset() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("bad.json", Data(#"{"type":"dict","value":{"a":{"type":"real","value":"1e999"}}}"#.utf8))
        let run = archivist("verify", path)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.error == "archivist: \(path): invalid canonical JSON property list: at offset 0x34 at root[\"a\"]: \"1e999\" is too large for a double\n")
    }

    @Test func reportsTruncationAndUnknownBytes() {
        let truncated = archivist("verify", "-", standardInput: Fixtures.sampleJSON.prefix(40))
        #expect(truncated.status == 1)
        #expect(truncated.error.contains("<stdin>: invalid canonical JSON property list: at offset 0x"))
        let garbage = archivist("verify", "-", standardInput: Data([0x00, 0x01, 0x02]))
        #expect(garbage.status == 1)
        #expect(garbage.error.contains("not a binary, XML or canonical JSON property list"))
    }

    @Test(.enabled(if: Fixtures.codecsAvailable, Comment(rawValue: Fixtures.codecsMissing)))
    func verifiesBinaryAndXMLAndReportsTheirErrors() throws {
        let binary = try Fixtures.foundationEncoded(.binary)
        #expect(archivist("verify", "-", standardInput: binary).outputText == "valid binary property list (10 values)\n")
        let xml = try Fixtures.foundationEncoded(.xml)
        #expect(archivist("verify", "-", standardInput: xml).outputText == "valid XML property list (10 values)\n")

        let truncatedBinary = archivist("verify", "-", standardInput: binary.prefix(binary.count - 10))
        #expect(truncatedBinary.status == 1)
        #expect(truncatedBinary.error.contains("invalid binary property list"))
        #expect(truncatedBinary.error.contains("offset") || truncatedBinary.error.contains("truncated"))

        let brokenXML = Data(String(decoding: xml, as: UTF8.self).replacingOccurrences(of: "</dict>", with: "</array>").utf8)
        let xmlRun = archivist("verify", "-", standardInput: brokenXML)
        #expect(xmlRun.status == 1)
        #expect(xmlRun.error.contains("invalid XML property list"))
        #expect(xmlRun.error.contains("line"))
    }

    @Test func checksASealedBinaryListsChecksum() throws {
        let value = PropertyListValue.dictionary(["title": .string("Field notes"), "pages": .integer(3)])
        let sealed = try BinaryPropertyListSeal.seal(try value.encoded(as: .binary))
        let intact = archivist("verify", "-", standardInput: sealed)
        #expect(intact.status == 0)
        #expect(intact.outputText == "valid binary property list (3 values, checksum intact)\n")

        // One changed letter: still a readable property list, but not what was sealed.
        var damaged = sealed
        let field = try #require(damaged.firstRange(of: Data("Field".utf8)))
        damaged[field.lowerBound] = UInt8(ascii: "G")
        let run = archivist("verify", "-", standardInput: damaged)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.error == "archivist: <stdin>: damaged binary property list: its checksum no longer matches its contents (3 values still read)\n")
        #expect(archivist("dump", "-", standardInput: damaged).status == 0, "dump still shows what is there")
    }
}
