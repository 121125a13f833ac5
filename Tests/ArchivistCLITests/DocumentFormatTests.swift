import ArchivistCLI
import Foundation
import PropertyList
import Testing

@Suite struct DocumentFormatTests {
    @Test(arguments: [
        ("bplist00", DocumentFormat.binary), ("<?xml version=\"1.0\"?>", .xml), ("\u{FEFF}  <plist>", .xml),
        ("{", .json), (" \r\n\t{\"type\"", .json),
    ] as [(String, DocumentFormat)])
    func recognizesEachFormatFromItsFirstBytes(text: String, format: DocumentFormat) {
        #expect(DocumentFormat.detect(Data(text.utf8)) == format)
    }

    @Test(arguments: ["", "bplist", "[", "\"x\"", "\u{FEFF}{", "plist"])
    func recognizesNothingElse(text: String) {
        #expect(DocumentFormat.detect(Data(text.utf8)) == nil)
    }

    @Test func canonicalJSONOutputEndsWithOneNewlineAndReadsBack() throws {
        let value: PropertyListValue = ["k": [1, 2.5]]
        let data = try DocumentFormat.json.encode(value)
        #expect(data == value.canonicalJSONData() + Data("\n".utf8))
        #expect(try DocumentFormat.json.decode(data) == value)
    }

    @Test func displayNamesReadInMessages() {
        #expect(DocumentFormat.allCases.map(\.displayName) == ["binary", "XML", "canonical JSON"])
    }
}
