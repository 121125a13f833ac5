import Foundation
import PropertyList
import Testing
import TestSupport

/// Every file in `Fixtures/PropertyList/malformed/` is rejected with exactly the error kind
/// `malformed/expected.json` names, through format detection as users call it — and never crashes.
@Suite struct FixtureMalformedTests {
    static let directory = "PropertyList/malformed"
    static let documents = Fixtures.names(in: directory).filter { $0 != "expected.json" }

    static func expectations() throws -> [String: String] {
        let data = try Fixtures.data("\(directory)/expected.json")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
    }

    @Test func everyFileHasAnExpectationAndEveryExpectationAFile() throws {
        let expected = try Self.expectations()
        #expect(Self.documents.count >= 40, "expected the committed fixtures under Fixtures/\(Self.directory)")
        #expect(Set(expected.keys) == Set(Self.documents))
        let kinds: Set<String> = ["unknownFormat", "truncated", "invalidHeader", "outOfBounds", "invalidObject",
                                  "unsupportedObject", "invalidString", "integerOutOfRange", "cycle",
                                  "depthLimitExceeded", "expansionLimitExceeded", "xmlSyntax", "unknownEntity",
                                  "unsupportedDTD", "unrepresentable"]
        #expect(Set(expected.values).isSubset(of: kinds))
    }

    @Test(arguments: documents)
    func throwsTheExpectedKind(name: String) throws {
        let expectedKind = try #require(try Self.expectations()[name], "no expectation for \(name)")
        let document = try Fixtures.data("\(Self.directory)/\(name)")
        // The depth fixtures nest 600 deep: beyond the limit of 512 they were made for, well within
        // today's default (see `readsTheDepthFixturesWithTheDefaultLimit`).
        let options = expectedKind == "depthLimitExceeded" ? PropertyListReadingOptions(maximumDepth: 512) : .default
        do {
            let value = try PropertyListValue(from: document, options: options)
            Issue.record("\(name) decoded to \(value.canonicalJSON().prefix(200)) instead of throwing \(expectedKind)")
        } catch let error as PropertyListError {
            #expect(error.kind.rawValue == expectedKind, "\(name): threw \(error.kind) (\(error)), expected \(expectedKind)")
            #expect(!error.reason.isEmpty)
        }
    }

    @Test func readsTheDepthFixturesWithTheDefaultLimit() throws {
        let expected = try Self.expectations()
        let deep = expected.filter { $0.value == "depthLimitExceeded" }.map(\.key).sorted()
        #expect(!deep.isEmpty)
        for name in deep {
            let value = try PropertyListValue(from: try Fixtures.data("\(Self.directory)/\(name)"))
            var depth = 0
            var current: PropertyListValue? = value
            while let container = current {
                switch container {
                case .array(let items): current = items.first
                case .dictionary(let entries): current = entries.values.first
                default: current = nil
                }
                if current != nil { depth += 1 }
            }
            #expect(depth >= 599, "\(name) nests \(depth) deep")
        }
    }
}
