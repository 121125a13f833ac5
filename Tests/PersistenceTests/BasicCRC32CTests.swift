import Testing
import TestSupport
import Persistence

@Suite("BasicCRC32C")
struct BasicCRC32CTests {
    /// Bit-at-a-time CRC-32C straight from the polynomial: an independent oracle for the table code.
    private func bitwise(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0 ..< 8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        }
        return ~crc
    }

    @Test func matchesThePublishedCheckValues() {
        // The catalogue check value and RFC 3720 (iSCSI) appendix B.4 vectors.
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
        #expect(CRC32C.checksum((0 ..< 32).map { UInt8($0) }) == 0x46DD_794E)
        #expect(CRC32C.checksum((0 ..< 32).map { UInt8(31 - $0) }) == 0x113F_DB5C)
        #expect(CRC32C.checksum([]) == 0)
    }

    @Test func tableCodeAgreesWithTheBitwiseDefinitionAtEveryLength() {
        var random = SeededRandom(seed: 32)
        for length in 0 ..< 70 {
            let bytes = random.bytes(length)
            #expect(CRC32C.checksum(bytes) == bitwise(bytes), "length \(length)")
        }
    }

    @Test func continuingAChecksumEqualsChecksummingTheWhole() {
        var random = SeededRandom(seed: 33)
        let bytes = random.bytes(100)
        for split in [0, 1, 7, 8, 9, 50, 100] {
            let first = CRC32C.checksum(Array(bytes[..<split]))
            #expect(CRC32C.checksum(Array(bytes[split...]), continuing: first) == CRC32C.checksum(bytes))
        }
    }

    @Test func theSoftwarePathMatchesThePublishedCheckValues() {
        #expect(Array("123456789".utf8).withUnsafeBytes { CRC32C.software($0) } == 0xE306_9283)
        #expect([UInt8]().withUnsafeBytes { CRC32C.software($0) } == 0)
        #expect([UInt8](repeating: 0xFF, count: 32).withUnsafeBytes { CRC32C.software($0) } == 0x62A8_AB43)
    }

    @Test func theHardwarePathMatchesThePublishedCheckValues() throws {
        // On a CPU without CRC-32C instructions, `hardware` is nil and `checksum` is the software path.
        guard CRC32C.usesHardware else {
            #expect([UInt8]().withUnsafeBytes { CRC32C.hardware($0) } == nil)
            return
        }
        #expect(Array("123456789".utf8).withUnsafeBytes { CRC32C.hardware($0) } == 0xE306_9283)
        #expect([UInt8]().withUnsafeBytes { CRC32C.hardware($0) } == 0)
        #expect([UInt8](repeating: 0, count: 32).withUnsafeBytes { CRC32C.hardware($0) } == 0x8A91_36AA)
        #expect((0 ..< 32).map { UInt8($0) }.withUnsafeBytes { CRC32C.hardware($0) } == 0x46DD_794E)
        #expect([UInt8]().withUnsafeBytes { CRC32C.hardware($0, continuing: 0x1234_5678) } == 0x1234_5678)
    }

    @Test func hardwareAgreesWithSoftwareAtEveryLengthAndAlignment() {
        guard CRC32C.usesHardware else { return }
        var random = SeededRandom(seed: 34)
        let bytes = random.bytes(300 + 16)
        bytes.withUnsafeBytes { all in
            for start in 0 ..< 16 {
                for length in 0 ... 300 {
                    let slice = UnsafeRawBufferPointer(rebasing: all[start ..< start + length])
                    #expect(CRC32C.hardware(slice) == CRC32C.software(slice), "start \(start), length \(length)")
                }
            }
        }
        for length in [1 << 12, 65_537, 1 << 20] {
            let large = random.bytes(length + 3)
            large.withUnsafeBytes { all in
                for start in [0, 1, 3] {
                    let slice = UnsafeRawBufferPointer(rebasing: all[start ..< start + length])
                    #expect(CRC32C.hardware(slice) == CRC32C.software(slice), "start \(start), length \(length)")
                }
            }
        }
    }

    @Test func hardwareContinuesASoftwareChecksumAndTheReverse() {
        guard CRC32C.usesHardware else { return }
        var random = SeededRandom(seed: 35)
        let bytes = random.bytes(257)
        bytes.withUnsafeBytes { all in
            let whole = CRC32C.software(all)
            for split in [0, 1, 3, 7, 8, 9, 63, 64, 65, 128, 256, 257] {
                let head = UnsafeRawBufferPointer(rebasing: all[..<split])
                let tail = UnsafeRawBufferPointer(rebasing: all[split...])
                #expect(CRC32C.hardware(tail, continuing: CRC32C.software(head)) == whole, "split \(split)")
                #expect(CRC32C.software(tail, continuing: CRC32C.hardware(head) ?? 0) == whole, "split \(split)")
                #expect(CRC32C.checksum(tail, continuing: CRC32C.checksum(head)) == whole, "split \(split)")
            }
        }
    }

    @Test func aChecksumOfTwoPiecesEqualsTheChecksumOfThemJoined() {
        var random = SeededRandom(seed: 36)
        let bytes = random.bytes(300)
        bytes.withUnsafeBytes { all in
            // A record's 4-byte length field and payloads of every short size, at odd addresses too.
            for firstCount in [0, 1, 4, 9] {
                for secondCount in [0, 1, 2, 3, 4, 5, 7, 8, 11, 12, 15, 16, 17, 60, 200] {
                    for start in [0, 1, 3] where start + firstCount + secondCount <= all.count {
                        let first = UnsafeRawBufferPointer(rebasing: all[start ..< start + firstCount])
                        let secondStart = start + firstCount
                        let second = UnsafeRawBufferPointer(rebasing: all[secondStart ..< secondStart + secondCount])
                        let joined = UnsafeRawBufferPointer(rebasing: all[start ..< secondStart + secondCount])
                        #expect(CRC32C.checksum(first, then: second) == CRC32C.software(joined),
                                "\(firstCount) + \(secondCount) at \(start)")
                    }
                }
            }
        }
    }

    @Test func theChecksumNotingASCIITellsEveryHighBitWherever() {
        var random = SeededRandom(seed: 37)
        var bytes = random.bytes(260).map { $0 & 0x7F }
        for secondCount in [0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 63, 200] {
            // All ASCII, then one high bit at each position in turn.
            for high in -1 ..< secondCount {
                if high >= 0 { bytes[4 + high] |= 0x80 }
                bytes.withUnsafeBytes { all in
                    let first = UnsafeRawBufferPointer(rebasing: all[0 ..< 4])
                    let second = UnsafeRawBufferPointer(rebasing: all[4 ..< 4 + secondCount])
                    let noted = CRC32C.checksumNotingASCII(first, then: second)
                    #expect(noted.checksum == CRC32C.software(UnsafeRawBufferPointer(rebasing: all[0 ..< 4 + secondCount])),
                            "\(secondCount) bytes, high bit at \(high)")
                    #expect(noted.secondIsASCII == (high < 0), "\(secondCount) bytes, high bit at \(high)")
                }
                if high >= 0 { bytes[4 + high] &= 0x7F }
            }
        }
    }
}
