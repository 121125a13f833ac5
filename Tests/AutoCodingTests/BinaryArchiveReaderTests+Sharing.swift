import AutoCoding
import Foundation
import PropertyList
import Testing

private struct Repeats: AutoCodable {
    var names: [String] = []
    var title = ""
}

/// The raw words of a `String`: equal for two strings that share one storage object.
private func words(_ string: String) -> (UInt64, UInt64) {
    unsafeBitCast(string, to: (UInt64, UInt64).self)
}

extension BinaryArchiveReaderTests {
    /// The writer stores a repeated string once; the reader decodes it once from its second use on,
    /// so every later copy shares the storage (and the work).
    @Test func aStringTheFileStoresOnceIsDecodedOnceAndShared() throws {
        let long = "a string far longer than fifteen bytes, stored once"
        var value = Repeats()
        value.names = [long, long, long, long]
        value.title = long
        let data = try AutoArchiver.archive(value, format: .binary)
        let copy = try AutoArchiver.unarchive(Repeats.self, from: data)
        #expect(copy.names == value.names && copy.title == long)
        // The first two uses are decoded; from the second on, the copies are one string.
        #expect(words(copy.names[1]) == words(copy.names[2]))
        #expect(words(copy.names[2]) == words(copy.names[3]))
        #expect(words(copy.names[3]) == words(copy.title))
    }
}
