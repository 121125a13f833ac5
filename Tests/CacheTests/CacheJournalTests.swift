import ArchivistCache
import Foundation
import Persistence
import Testing
import TestSupport

/// The disk journal's records and how reading treats damage.
@Suite struct CacheJournalTests {
    private let records: [JournalRecord] = [
        .session(3, startedAt: 1_700_000_000.5),
        .stored(key: "héllo/../key", fileName: "h%c3%a9llo%2f..%2fkey", size: 1234, storedAt: 10.25, accessedAt: 11,
                session: 3),
        .accessed(key: "héllo/../key", accessedAt: 12.5, session: 3),
        .removed(key: ""),
    ]

    private func journalBytes(_ records: [JournalRecord]) -> [UInt8] {
        var bytes = DiskJournal.header
        for record in records { record.append(to: &bytes) }
        return bytes
    }

    private func read(_ bytes: [UInt8]) throws -> DiskJournal.Contents {
        let directory = try TemporaryDirectory()
        let path = directory.file("journal").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return DiskJournal.read(path: path, fileSystem: SystemFileSystem())
    }

    @Test func everyRecordKindRoundTrips() throws {
        let contents = try read(journalBytes(records))
        #expect(contents.records == records)
        #expect(!contents.corrupt && contents.existed)
    }

    @Test func aFrameIsLengthChecksumPayloadInLittleEndian() {
        var bytes: [UInt8] = []
        JournalRecord.removed(key: "k").append(to: &bytes)
        // Payload: kind 4, then the key's UTF-8.
        #expect(bytes[0..<4] == [2, 0, 0, 0])
        #expect(Array(bytes[8...]) == [4, UInt8(ascii: "k")])
        let checksum = UInt32(bytes[4]) | UInt32(bytes[5]) << 8 | UInt32(bytes[6]) << 16 | UInt32(bytes[7]) << 24
        #expect(checksum == CRC32.checksum([4, UInt8(ascii: "k")]))
    }

    @Test func theChecksumIsPersistencesCRC32() {
        // The journal checksums array slices through CRC32's contiguous-buffer path; it must agree
        // with the byte-by-byte path a non-contiguous sequence takes.
        var random = SeededRandom(seed: 32)
        #expect(CRC32.checksum(Array("123456789".utf8)[...]) == 0xCBF4_3926)
        for length in [0, 1, 7, 64, 1_000] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            #expect(CRC32.checksum(bytes[...]) == CRC32.checksum(bytes.lazy.map { $0 }))
        }
    }

    @Test func aTornLastRecordEndsTheReplayAndIsReported() throws {
        let whole = journalBytes(records)
        // The last record's frame is 9 bytes (8 of framing, 1 of payload): cut into it.
        for cut in 1..<9 {
            let contents = try read(Array(whole.dropLast(cut)))
            #expect(contents.records == Array(records.dropLast()))
            #expect(contents.corrupt)
        }
    }

    @Test func aFlippedBitEndsTheReplayAtThatRecord() throws {
        var bytes = journalBytes(records)
        let secondRecordPayload = DiskJournal.header.count + 8 + 13 + 8 + 3
        bytes[secondRecordPayload] ^= 0x20
        let contents = try read(bytes)
        #expect(contents.records == [records[0]])
        #expect(contents.corrupt)
    }

    @Test func aForeignFileIsCorruptAndAMissingOneIsNot() throws {
        let foreign = try read(Array("not a journal at all".utf8))
        #expect(foreign.records.isEmpty && foreign.corrupt)
        let directory = try TemporaryDirectory()
        let missing = DiskJournal.read(path: directory.file("none").path, fileSystem: SystemFileSystem())
        #expect(missing.records.isEmpty && !missing.corrupt && !missing.existed)
    }

    @Test func anAbsurdLengthIsCorruptionNotAnAllocation() throws {
        var bytes = DiskJournal.header
        bytes += [0xFF, 0xFF, 0xFF, 0x7F, 0, 0, 0, 0, 1, 2, 3]
        let contents = try read(bytes)
        #expect(contents.records.isEmpty && contents.corrupt)
    }
}
