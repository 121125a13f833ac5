// libFuzzer entry for the cache's disk level (target `cache`): its journal reader, journal records
// and entry files. Each input is one of two shapes, chosen by its first byte:
//   even: the rest is a journal file, checksums and all, read as is.
//   odd:  the rest is a list of journal record payloads, each one length byte then that many bytes,
//         until a length byte 0 or the end; what follows is the contents of every entry file. The
//         harness frames the payloads with the right lengths and CRC-32s after the journal header,
//         so the fuzzer reaches the record decoder and the replay instead of stopping at CRC-32.
// Either way JournalRecord.decode reads every payload, DiskJournal.read reads the journal, and a
// DiskLevel opens a scratch directory holding that journal and the entry files named by its
// `stored` records (names made of [A-Za-z0-9._-] only, at most 8): it replays, reconciles with the
// files and compacts; then every key the records mention is looked up, and each found entry file
// is read and decoded the way FormatStore does (size check, then CacheValueCoding.autoArchived).
// Built by Scripts/fuzz.sh with FuzzSupport.swift and FuzzModels.swift.
import ArchivistCache
import AutoCoding
import Foundation
import Persistence
import PropertyList

private let fuzzCacheDirectory = URL(fileURLWithPath: fuzzScratchDirectory).appendingPathComponent("format").path
private let fuzzCoding = CacheValueCoding<FuzzRecordBox>.autoArchived

/// `CacheValueCoding.autoArchived` needs a Sendable value.
struct FuzzRecordBox: AutoCodable, @unchecked Sendable {
    var record = FuzzRecord()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func cacheFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = fuzzModelsRegistered
    let input = [UInt8](UnsafeBufferPointer(start: bytes, count: count))
    guard let mode = input.first else { return 0 }
    let rest = input.dropFirst()
    var journal: [UInt8]
    var payloads: [ArraySlice<UInt8>] = []
    var entry = Data()
    if mode & 1 == 0 {
        journal = Array(rest)
        // The payloads a reader that skipped the checksums would see.
        var position = rest.startIndex + DiskJournal.header.count
        while position + 8 <= rest.endIndex {
            let length = (0 ..< 4).reduce(0) { $0 | Int(rest[position + $1]) << (8 * $1) }
            guard length <= rest.endIndex - position - 8 else { break }
            payloads.append(rest[(position + 8) ..< (position + 8 + length)])
            position += 8 + length
        }
    } else {
        var position = rest.startIndex
        while position < rest.endIndex {
            let length = Int(rest[position])
            position += 1
            if length == 0 { break }
            let end = min(position + length, rest.endIndex)
            payloads.append(rest[position ..< end])
            position = end
        }
        entry = Data(rest[position...])
        journal = DiskJournal.header
        for payload in payloads {
            let length = UInt32(payload.count)
            let checksum = CRC32.checksum(payload)
            for index in 0 ..< 4 { journal.append(UInt8(truncatingIfNeeded: length >> UInt32(8 * index))) }
            for index in 0 ..< 4 { journal.append(UInt8(truncatingIfNeeded: checksum >> UInt32(8 * index))) }
            journal += payload
        }
    }
    let records = payloads.compactMap { JournalRecord.decode($0) }

    // A fresh directory: the journal and the entry files.
    try? FileManager.default.removeItem(atPath: fuzzCacheDirectory)
    let entries = AtomicFileWriter.join(fuzzCacheDirectory, "entries")
    do {
        try FileManager.default.createDirectory(atPath: entries, withIntermediateDirectories: true)
    } catch {
        fatalError("cannot create \(entries): \(error)")
    }
    let journalPath = AtomicFileWriter.join(fuzzCacheDirectory, "journal")
    fuzzWriteFile(Data(journal), to: journalPath)
    var keys: [String] = []
    var fileNames: Set<String> = []
    for record in records {
        switch record {
        case .session: break
        case .stored(let key, let fileName, _, _, _, _):
            keys.append(key)
            if fileNames.count < 8, fuzzIsPlainFileName(fileName) { fileNames.insert(fileName) }
        case .accessed(let key, _, _), .removed(let key):
            keys.append(key)
        }
    }
    for fileName in fileNames { fuzzWriteFile(entry, to: AtomicFileWriter.join(entries, fileName)) }
    _ = DiskJournal.read(path: journalPath, fileSystem: SystemFileSystem())

    let level = DiskLevel(directory: fuzzCacheDirectory, capacity: 1 << 20, expiry: .never,
                          fileSystem: SystemFileSystem(), clock: .system, touchedKeys: { [] })
    level.open()
    for key in keys.prefix(16) {
        guard case .found(let path, let found) = level.lookup(key, countsAsUse: true),
              let data = try? SystemFileSystem().readFile(path), Int64(data.count) == found.size else { continue }
        _ = try? fuzzCoding.decode(data)
    }
    withExtendedLifetime((level.count, level.totalSize)) {}
    return 0
}

/// Whether `name` is safe to create in the entries directory (no separators, no dot files).
private func fuzzIsPlainFileName(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count <= 100, !name.hasPrefix(".") else { return false }
    return name.utf8.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}

/// Seeds: inputs of both shapes with journals of every record kind, written with the package's
/// own record framing, and entry files holding archives of the model types.
func fuzzWriteSeeds(to directory: String, sources: [(name: String, data: Data)]) {
    var box = FuzzRecordBox()
    box.record = fuzzSampleRecord()
    let archive: Data
    do {
        archive = try fuzzCoding.encode(box)
    } catch {
        fatalError("cannot archive the cache seed: \(error)")
    }
    let records: [JournalRecord] = [
        .session(1, startedAt: 1_700_000_000),
        .stored(key: "ada", fileName: "entry-1", size: Int64(archive.count), storedAt: 1_700_000_001,
                accessedAt: 1_700_000_002, session: 1),
        .stored(key: "caf\u{e9}", fileName: "entry-2", size: Int64(archive.count), storedAt: 1_700_000_003,
                accessedAt: 1_700_000_003, session: 1),
        .accessed(key: "ada", accessedAt: 1_700_000_010, session: 2),
        .removed(key: "gone"),
        .stored(key: "gone", fileName: "missing-file", size: 10, storedAt: 0, accessedAt: 0, session: 2),
    ]
    var journal = DiskJournal.header
    var framed: [UInt8] = [1]
    for record in records {
        var frame: [UInt8] = []
        record.append(to: &frame)
        journal += frame
        let payload = frame.dropFirst(8)
        framed.append(UInt8(payload.count))
        framed += payload
    }
    framed.append(0)
    fuzzWriteSeed(Data([0] + journal), named: "cache-journal", in: directory)
    fuzzWriteSeed(Data([0] + journal + [1, 2, 3]), named: "cache-journal-torn", in: directory)
    fuzzWriteSeed(Data(framed) + archive, named: "cache-framed", in: directory)
    fuzzWriteSeed(Data(framed) + Data("not an archive".utf8), named: "cache-framed-bad-entry", in: directory)
}
