import Foundation
import KeyedArchive
import PropertyList
import Testing

/// Strings the archive stores once and refers to from several places read back as one string:
/// decoded once, every copy on the same storage.
@Suite struct KeyedStringSharingTests {
    /// Where the UTF-8 of `string` lives (native strings long enough to need storage lend it
    /// without a copy).
    private static func storage(_ string: String) -> UInt {
        var copy = string
        return copy.withUTF8 { UInt(bitPattern: $0.baseAddress) }
    }

    @Test(arguments: ["a string long enough to need storage of its own", "eine längere Zeichenkette: äöü ß"])
    func aStringReferencedFromSeveralPlacesSharesOneStorage(text: String) throws {
        let values = [text, "other", text, text]
        // The archive holds the string once.
        let objects = try #require(try KeyedArchiver().archivedPropertyList(values).dictionaryValue?["$objects"]?.arrayValue)
        #expect(objects.filter { $0 == .string(text) }.count == 1)

        let decoded = try KeyedUnarchiver().unarchive([String].self, from: try KeyedArchiver().archive(values))
        #expect(decoded == values)
        let first = Self.storage(decoded[0])
        #expect(Self.storage(decoded[2]) == first)
        #expect(Self.storage(decoded[3]) == first)
    }

    @Test func distinctStringsKeepTheirOwnStorage() throws {
        let values = ["the first string, long enough for storage", "the second string, long enough for storage"]
        let decoded = try KeyedUnarchiver().unarchive([String].self, from: try KeyedArchiver().archive(values))
        #expect(decoded == values)
        #expect(Self.storage(decoded[0]) != Self.storage(decoded[1]))
    }
}
