import Foundation
import PropertyList
import Testing

extension XMLPropertyListReaderTests {
    /// Reads `xml` and checks the error kind and where it points.
    func expectFailure(_ kind: PropertyListError.Kind, line: Int, column: Int, _ xml: String,
                       options: PropertyListReadingOptions = .default, sourceLocation: SourceLocation = #_sourceLocation) {
        expectFailure(kind, line: line, column: column, Data(xml.utf8), options: options, sourceLocation: sourceLocation)
    }

    func expectFailure(_ kind: PropertyListError.Kind, line: Int, column: Int, _ data: Data,
                       options: PropertyListReadingOptions = .default, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let value = try XMLPropertyListReader(options: options).read(data)
            Issue.record("expected \(kind), read \(value)", sourceLocation: sourceLocation)
        } catch let error as PropertyListError {
            #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
            #expect(error.location.line == line, "\(error)", sourceLocation: sourceLocation)
            #expect(error.location.column == column, "\(error)", sourceLocation: sourceLocation)
            #expect(!error.reason.isEmpty, sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected error type \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func rejectsUnclosedTagsAtTheirStartTag() {
        expectFailure(.xmlSyntax, line: 2, column: 1, "<plist>\n<array>\n<string>a</string>\n")
        expectFailure(.xmlSyntax, line: 1, column: 8, "<plist><string>abc")
        expectFailure(.xmlSyntax, line: 1, column: 8, "<plist><integer>1")
        expectFailure(.xmlSyntax, line: 1, column: 1, "<plist><true/>")
        expectFailure(.xmlSyntax, line: 1, column: 8, "<plist><dict><key>k</key><true/>")
        expectFailure(.xmlSyntax, line: 1, column: 8, "<plist><dict")
    }

    @Test func rejectsMismatchedEndTags() {
        expectFailure(.xmlSyntax, line: 1, column: 15, "<plist><array></dict></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 17, "<plist><string>a</key></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 18, "<plist><integer>1</integers></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 23, "<plist><array></array></array>")
    }

    @Test func rejectsUnknownEntitiesAndMalformedReferences() {
        expectFailure(.unknownEntity, line: 1, column: 17, "<plist><string>a&foo;</string></plist>")
        expectFailure(.unknownEntity, line: 1, column: 12, "<dict><key>&nbsp;</key><true/></dict>")
        expectFailure(.xmlSyntax, line: 1, column: 18, "<plist><string>a & b</string></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 16, "<plist><string>&amp</string></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 16, "<plist><string>&#xD800;</string></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 16, "<plist><string>&#x110000;</string></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 16, "<plist><string>&#;</string></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 16, "<plist><string>&#12a;</string></plist>")
    }

    @Test func refusesBillionLaughsWithoutExpandingAnything() {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
              <!ENTITY lol "lol">
              <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
              <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
            ]>
            <plist><string>&lol3;</string></plist>
            """
        expectFailure(.unsupportedDTD, line: 2, column: 16, xml)
    }

    @Test func refusesExternalEntities() {
        let internalSubset = """
            <!DOCTYPE plist [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <plist><string>&xxe;</string></plist>
            """
        expectFailure(.unsupportedDTD, line: 1, column: 17, internalSubset)
        // An external DTD is never fetched, so its entities stay unknown.
        let externalSubset = """
            <!DOCTYPE plist SYSTEM "file:///etc/passwd">
            <plist><string>&xxe;</string></plist>
            """
        expectFailure(.unknownEntity, line: 2, column: 16, externalSubset)
        expectFailure(.unsupportedDTD, line: 1, column: 34, "<!DOCTYPE plist PUBLIC \"a]>\" 'b' [ ]><plist/>")
    }

    @Test func rejectsMalformedIntegers() {
        expectFailure(.invalidObject, line: 1, column: 19, "<plist><integer>12a</integer></plist>")
        expectFailure(.invalidObject, line: 1, column: 17, "<plist><integer></integer></plist>")
        expectFailure(.invalidObject, line: 1, column: 8, "<plist><integer/></plist>")
        expectFailure(.invalidObject, line: 1, column: 17, "<plist><integer>-</integer></plist>")
        expectFailure(.invalidObject, line: 1, column: 17, "<plist><integer>0x</integer></plist>")
        expectFailure(.invalidObject, line: 1, column: 18, "<plist><integer>1 2</integer></plist>")
        expectFailure(.invalidObject, line: 1, column: 17, "<plist><integer>.5</integer></plist>")
        expectFailure(.invalidObject, line: 1, column: 19, "<plist><integer>0xG</integer></plist>")
    }

    @Test func rejectsIntegersOutsideTheRepresentableRange() {
        expectFailure(.integerOutOfRange, line: 1, column: 17, "<plist><integer>18446744073709551616</integer></plist>")
        expectFailure(.integerOutOfRange, line: 1, column: 17, "<plist><integer>-9223372036854775809</integer></plist>")
        expectFailure(.integerOutOfRange, line: 1, column: 18, "<plist><integer> 0x10000000000000000</integer></plist>")
        expectFailure(.integerOutOfRange, line: 2, column: 1,
                      "<plist><integer>\n99999999999999999999999999999999999999</integer></plist>")
    }

    @Test(arguments: ["1.2.3", "0x1p3", "1e", "e5", ".", "+", "nan2", "+nan", "infinit", "1,5", "1e+", "- 1", "0x10"])
    func rejectsMalformedReals(text: String) {
        expectFailure(.invalidObject, line: 1, column: 14, "<plist><real>\(text)</real></plist>")
    }

    @Test(arguments: ["2001-02-29T00:00:00Z", "2001-01-01T24:00:00Z", "2001-01-01T00:60:00Z", "2001-01-01T00:00:60Z",
                      "2001-13-01T00:00:00Z", "2001-00-01T00:00:00Z", "2001-04-31T00:00:00Z", "2001-01-01",
                      "2001-01-01T00:00:00", "2001-01-01 00:00:00Z", "2001-01-01T00:00:00+01:00", "2001-1-01T00:00:00Z", ""])
    func rejectsMalformedDates(text: String) {
        expectFailure(.invalidObject, line: 1, column: 14, "<plist><date>\(text)</date></plist>")
    }

    @Test func rejectsMalformedBase64AtTheOffendingCharacter() {
        expectFailure(.invalidObject, line: 1, column: 16, "<plist><data>AA*A</data></plist>")
        expectFailure(.invalidObject, line: 3, column: 3, "<plist><data>\n\tAAAA\n\tA===\n</data></plist>")
        expectFailure(.invalidObject, line: 1, column: 18, "<plist><data>AA==AA</data></plist>")
    }

    @Test func rejectsKeysWithoutValuesAndValuesWithoutKeys() {
        expectFailure(.xmlSyntax, line: 1, column: 14, "<plist><dict><key>a</key></dict></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 14, "<plist><dict><key>a</key><key>b</key><true/></dict></plist>")
        expectFailure(.xmlSyntax, line: 2, column: 2, "<plist><dict>\n\t<string>orphan</string>\n</dict></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 8, "<plist><key>k</key></plist>")
    }

    @Test func rejectsTrailingContentAfterTheRoot() {
        expectFailure(.xmlSyntax, line: 1, column: 23, "<plist><true/></plist>x")
        expectFailure(.xmlSyntax, line: 2, column: 1, "<plist><true/></plist>\n<plist><true/></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 19, "<string/>\t<!--c-->&amp;")
    }

    @Test func rejectsTextOutsideElements() {
        expectFailure(.xmlSyntax, line: 1, column: 15, "<plist><array>oops<true/></array></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 14, "<plist><dict>k<key>k</key><true/></dict></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 8, "<plist>1<integer>1</integer></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 1, "hello <plist/>")
        expectFailure(.xmlSyntax, line: 1, column: 15, "<plist><array><![CDATA[x]]></array></plist>")
    }

    @Test func rejectsStructuralMistakes() {
        expectFailure(.xmlSyntax, line: 1, column: 1, "<plist></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 1, "<plist/>")
        expectFailure(.xmlSyntax, line: 1, column: 15, "<plist><true/><false/></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 8, "<plist><foo/></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 8, "<plist><plist/></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 16, "<plist><string><b>x</b></string></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 1, "")
        expectFailure(.xmlSyntax, line: 1, column: 3, "  ")
        expectFailure(.xmlSyntax, line: 1, column: 8, "<plist><!-- never closed")
        expectFailure(.xmlSyntax, line: 2, column: 1, "<!-- c -->\n<?xml version=\"1.0\"?><plist/>")
        expectFailure(.xmlSyntax, line: 1, column: 1, "<!DOCTYPEplist><plist><true/></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 17, "<!DOCTYPE plist><!DOCTYPE plist><plist><true/></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 1, "<!ENTITY x 'y'><plist><true/></plist>")
        // `<` cannot be in an attribute value: the error is at the first one, inside the unclosed value.
        expectFailure(.xmlSyntax, line: 1, column: 34, "<plist><array attr=\"unterminated></array></plist>")
    }

    @Test func rejectsNestingBeyondTheDepthLimit() {
        let deep = "<plist>\n" + String(repeating: "<array>", count: 600) + String(repeating: "</array>", count: 600) + "</plist>"
        expectFailure(.depthLimitExceeded, line: 2, column: 512 * 7 + 1, deep, options: .init(maximumDepth: 512))
        let dictionaries = "<array><dict><key>a</key><dict/></dict></array>"
        expectFailure(.depthLimitExceeded, line: 1, column: 26, dictionaries, options: .init(maximumDepth: 2))
    }

    @Test func rejectsInvalidUTF8InText() {
        var bytes = Data("<plist><dict><key>k</key><string>ab".utf8)
        bytes.append(contentsOf: [0xC3, 0x28])
        bytes.append(contentsOf: Data("</string></dict></plist>".utf8))
        expectFailure(.invalidString, line: 1, column: 36, bytes)
        var inKey = Data("<dict><key>&amp;".utf8)
        inKey.append(contentsOf: [0xED, 0xA0, 0x80])
        inKey.append(contentsOf: Data("</key><true/></dict>".utf8))
        expectFailure(.invalidString, line: 1, column: 17, inKey)
    }

    @Test func rejectsEncodingsOtherThanUTF8() {
        expectFailure(.xmlSyntax, line: 1, column: 31,
                      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><true/></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 1, Data([0xFF, 0xFE, 0x3C, 0x00]))
    }

    @Test func countsLinesAcrossLineFeedsCarriageReturnsAndByteOrderMarks() {
        expectFailure(.invalidObject, line: 3, column: 10, "<plist>\r\n<array>\r<integer>x</integer></array></plist>")
        expectFailure(.invalidObject, line: 1, column: 17, "\u{FEFF}<plist><integer>x</integer></plist>")
    }
}
