import Foundation
import PropertyList
import Testing

/// The README's property-list example, kept compiling and true.
@Suite struct ReadmeExampleTests {
    @Test func readmePropertyListExampleWorksAsShown() throws {
        let value: PropertyListValue = ["name": "Ada", "born": .date(Date(timeIntervalSince1970: -4_958_000_000)),
                                        "tags": ["math", "engines"]]
        let binary = try value.encoded(as: .binary)
        let back = try PropertyListValue(from: binary)
        #expect(back["tags"]?[1]?.stringValue == "engines")
        #expect(back == value)
        #expect(back.canonicalJSON().hasPrefix(#"{"type":"dict","value":{"born":{"type":"date","value":"#))
    }
}
