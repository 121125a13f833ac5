import Foundation
import PropertyList
import Testing
import TestSupport

/// Every file in `Fixtures/PropertyList/valid/` (written by plistlib, by Foundation, or assembled
/// by hand) decodes to the canonical JSON that plistlib read from it, and survives re-encoding.
@Suite struct FixtureValidTests {
    static let directory = "PropertyList/valid"
    static let documents = Fixtures.names(in: directory, endingWith: ".plist")

    @Test func fixturesArePresentWithExpectations() {
        #expect(Self.documents.count >= 30, "expected the committed fixtures under Fixtures/\(Self.directory)")
        for name in Self.documents {
            let expectation = Self.expectationName(name)
            #expect(FileManager.default.fileExists(atPath: Fixtures.url("\(Self.directory)/\(expectation)").path),
                    "\(name) has no \(expectation)")
        }
    }

    @Test(arguments: documents)
    func decodesToPlistlibsReading(name: String) throws {
        let document = try Fixtures.data("\(Self.directory)/\(name)")
        let expected = try String(decoding: Fixtures.data("\(Self.directory)/\(Self.expectationName(name))"), as: UTF8.self)
            .trimmingCharacters(in: .newlines)
        let value = try PropertyListValue(from: document)
        let actual = value.canonicalJSON()
        #expect(actual.utf8.elementsEqual(expected.utf8), "\(name): we read \(actual.prefix(600))")
    }

    @Test(arguments: documents)
    func reencodesAndReadsBackEqual(name: String) throws {
        let document = try Fixtures.data("\(Self.directory)/\(name)")
        let format = try #require(PropertyListFormat.detect(document))
        let value = try PropertyListValue(from: document)
        let again = try PropertyListValue(from: try value.encoded(as: format), format: format)
        #expect(again == value, "\(name) changed when written as \(format) and read back")
        // Foundation-free, format-independent check of the same round trip.
        #expect(again.canonicalJSON().utf8.elementsEqual(value.canonicalJSON().utf8))
    }

    static func expectationName(_ name: String) -> String {
        String(name.dropLast(".plist".count)) + ".json"
    }
}
