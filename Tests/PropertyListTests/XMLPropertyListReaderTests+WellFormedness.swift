import Foundation
import PropertyList
import Testing

/// XML 1.0 well-formedness rules the reader enforces (issue: hostile input, round two).
extension XMLPropertyListReaderTests {
    @Test(arguments: ["&#0;", "&#x0;", "&#1;", "&#x1F;", "&#xFFFE;", "&#xFFFF;", "&#65534;"])
    func rejectsCharacterReferencesToCharactersXMLDoesNotAllow(_ reference: String) {
        expectFailure(.xmlSyntax, line: 1, column: 16, "<plist><string>\(reference)</string></plist>")
    }

    @Test(arguments: [("&#9;", "\t"), ("&#xA;", "\n"), ("&#13;", "\r"), ("&#x20;", " "), ("&#xFFFD;", "\u{FFFD}"),
                      ("&#x10000;", "\u{10000}"), ("&#xE000;", "\u{E000}")])
    func readsCharacterReferencesToAllowedCharacters(_ reference: String, _ expected: String) throws {
        let value = try XMLPropertyListReader().read(Data("<plist><string>\(reference)</string></plist>".utf8))
        #expect(value == .string(expected))
    }

    @Test func rejectsTwoHyphensInsideAComment() {
        expectFailure(.xmlSyntax, line: 1, column: 15, "<plist><!-- a -- b --><true/></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 8, "<!-- x ---><plist><true/></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 20, "<plist><true/><!-- -- --></plist>")
    }

    @Test func readsCommentsWithSingleHyphens() throws {
        let value = try XMLPropertyListReader().read(Data("<!-- a - b --><plist><!--x-y--><true/></plist><!-- - -->".utf8))
        #expect(value == .bool(true))
    }

    @Test func rejectsAnXMLDeclarationThatIsNotAtTheVeryStart() {
        expectFailure(.xmlSyntax, line: 1, column: 2, #" <?xml version="1.0"?><plist><true/></plist>"#)
        expectFailure(.xmlSyntax, line: 2, column: 1, "\n<?xml version=\"1.0\"?><plist><true/></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 11, #"<!-- c --><?xml version="1.0"?><plist><true/></plist>"#)
    }

    @Test func readsAnXMLDeclarationAfterAByteOrderMark() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(#"<?xml version="1.0" encoding="UTF-8"?><plist><true/></plist>"#.utf8)
        #expect(try XMLPropertyListReader().read(data) == .bool(true))
    }

    @Test func rejectsDuplicateAttributesOnAnyElement() {
        expectFailure(.xmlSyntax, line: 1, column: 22, #"<plist version="1.0" version="1.0"><true/></plist>"#)
        expectFailure(.xmlSyntax, line: 1, column: 21, #"<plist><array a="1" a='2'></array></plist>"#)
    }

    @Test func rejectsMalformedAttributes() {
        expectFailure(.xmlSyntax, line: 1, column: 8, #"<plist version><true/></plist>"#)
        expectFailure(.xmlSyntax, line: 1, column: 16, #"<plist version=1.0><true/></plist>"#)
        expectFailure(.xmlSyntax, line: 1, column: 13, #"<plist a="1"b="2"><true/></plist>"#)
        expectFailure(.xmlSyntax, line: 1, column: 11, #"<plist a="<"><true/></plist>"#)
    }

    @Test func readsDistinctAttributesAndRawControlCharactersInText() throws {
        let value = try XMLPropertyListReader().read(Data("<plist version=\"1.0\" b='x'><string>a\u{1}b</string></plist>".utf8))
        // Raw control characters are accepted in text: Foundation writes them (see the DocC).
        #expect(value == .string("a\u{1}b"))
    }
}
