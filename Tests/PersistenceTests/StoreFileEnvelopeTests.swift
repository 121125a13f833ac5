import Foundation
import Persistence
import Testing

/// The entry file layout: header, key, payload, checksum.
@Suite struct StoreFileEnvelopeTests {
    @Test func roundTripsKeyAndPayloadWithTheDocumentedHeader() throws {
        let data = StoreFileEnvelope.encode(Data([1, 2, 3]), key: "k")
        #expect(Array(data.prefix(8)) == Array("ARVS".utf8) + [1, 0, 0, 0])
        #expect(Array(data[8..<12]) == [1, 0, 0, 0])
        #expect(Array(data[12..<20]) == [3, 0, 0, 0, 0, 0, 0, 0])
        #expect(data.count == StoreFileEnvelope.headerSize + 4)
        let decoded = try StoreFileEnvelope.decode(data)
        #expect(decoded.key == "k")
        #expect(decoded.payload == Data([1, 2, 3]))
    }

    @Test func crc32MatchesTheStandardCheckValue() {
        // The CRC-32 "check" value of the ASCII digits 1…9 (zlib, PNG, Ethernet).
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Array("6789".utf8), continuing: CRC32.checksum(Array("12345".utf8))) == 0xCBF4_3926)
    }

    @Test func extraBytesAndHugeLengthsAreRejectedWithoutTrapping() {
        var extra = StoreFileEnvelope.encode(Data([1]), key: "k")
        extra.append(0)
        #expect(throws: StoreFileEnvelope.Problem.self) { try StoreFileEnvelope.decode(extra) }
        var huge = StoreFileEnvelope.encode(Data([1]), key: "k")
        for index in 8..<20 { huge[index] = 0xFF }
        #expect(throws: StoreFileEnvelope.Problem.self) { try StoreFileEnvelope.decode(huge) }
        #expect(throws: StoreFileEnvelope.Problem.self) { try StoreFileEnvelope.decode(Data()) }
    }

    @Test func aSliceDecodesLikeACopy() throws {
        let data = Data([9, 9]) + StoreFileEnvelope.encode(Data("payload".utf8), key: "key")
        let decoded = try StoreFileEnvelope.decode(data.dropFirst(2))
        #expect(decoded.key == "key")
        #expect(decoded.payload == Data("payload".utf8))
    }
}
