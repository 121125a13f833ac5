// libFuzzer entry for the basic-value store's log reader (target `basiclog`). Each input is a log
// file: BasicLogScanner scans it as is (from the header's end and from 0, as the append reader
// does), then again with every record checksum the input frames made valid (so the fuzzer reaches
// the payload decoder instead of stopping at CRC-32C), and a BasicValueStore opens a file holding
// those bytes (replay, repair, truncation of a torn tail, compaction) in a per-process scratch
// directory, and is read back. Built by Scripts/fuzz.sh with FuzzSupport.swift.
import Foundation
import Persistence

private let fuzzLogURL = URL(fileURLWithPath: fuzzScratchDirectory).appendingPathComponent("basic-values.log")

@_cdecl("LLVMFuzzerTestOneInput")
public func basicLogFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = [UInt8](UnsafeBufferPointer(start: bytes, count: count))
    fuzzScan(input)
    let fixed = fuzzFixedChecksums(input)
    if fixed != input { fuzzScan(fixed) }
    guard let last = input.last, last % 4 == 0 else { return 0 }
    fuzzWriteFile(Data(fixed), to: fuzzLogURL.path)
    if let store = try? BasicValueStore(fileURL: fuzzLogURL, durability: .atomic) {
        for key in store.keys { withExtendedLifetime(store.value(forKey: key)?.description) {} }
        withExtendedLifetime((store.dictionaryRepresentation(), store.statistics)) {}
    }
    return 0
}

private func fuzzScan(_ log: [UInt8]) {
    for start in [BasicLogFormat.headerSize, 0] {
        let result = log.withUnsafeBytes { BasicLogScanner.scan($0, from: start) }
        for entry in result.records { withExtendedLifetime(entry.record.value?.description) {} }
        precondition(result.validEnd <= log.count, "the scan ends past the input")
    }
}

/// `log` with the CRC-32C of every record frame found (marker, length that fits) set right.
func fuzzFixedChecksums(_ log: [UInt8]) -> [UInt8] {
    var bytes = log
    let marker = BasicLogFormat.marker
    var position = 0
    while position + 12 <= bytes.count {
        guard bytes[position ..< position + 4].elementsEqual(marker) else {
            position += 1
            continue
        }
        let length = (0 ..< 4).reduce(0) { $0 | Int(bytes[position + 4 + $1]) << (8 * $1) }
        guard length <= bytes.count - position - 12 else {
            position += 1
            continue
        }
        let crc = CRC32C.checksum(Array(bytes[position + 12 ..< position + 12 + length]),
                                  continuing: CRC32C.checksum(Array(bytes[position + 4 ..< position + 8])))
        for index in 0 ..< 4 { bytes[position + 8 + index] = UInt8(truncatingIfNeeded: crc >> UInt32(8 * index)) }
        position += 12 + length
    }
    return bytes
}

/// Seeds: the basic-v1 fixtures Scripts/fuzz.sh copies, plus logs of every value kind written
/// with the package's own record framing.
func fuzzWriteSeeds(to directory: String, sources: [(name: String, data: Data)]) {
    let values: [BasicValue] = [
        .string("Ada"), .string(""), .string("caf\u{e9} \u{1F642}"), .integer(0), .integer(-1), .integer(.max),
        .integer(.min), .double(1.5), .double(-.infinity), .double(.nan), .bool(true), .bool(false),
        .date(Date(timeIntervalSinceReferenceDate: 0)), .date(Date(timeIntervalSince1970: -1e10)),
        .data(Data()), .data(Data(0 ..< 32)), .url(URL(string: "https://example.com/a?b#c")!),
        .url(URL(fileURLWithPath: "/tmp/x y")), .array([]), .array([.integer(1), .string("two"), .array([.bool(true)])]),
        .dictionary([:]), .dictionary(["a": .integer(1), "b": .dictionary(["c": .data(Data([0xFF]))])]),
    ]
    var everything = BasicLogFormat.header
    for (index, value) in values.enumerated() {
        guard let set = BasicLogRecord(key: "key\(index)", value: value).framed() else { continue }
        fuzzWriteSeed(Data(BasicLogFormat.header + set), named: "basic-value-\(index).log", in: directory)
        everything += set
    }
    everything += BasicLogRecord(key: "key0", value: nil).framed()!
    everything += BasicLogRecord(key: "key1", value: .string("again")).framed()!
    fuzzWriteSeed(Data(everything), named: "basic-everything.log", in: directory)
    // A torn tail and a damaged record in the middle.
    var damaged = everything
    damaged[BasicLogFormat.headerSize + 14] ^= 0xFF
    fuzzWriteSeed(Data(damaged.dropLast(3)), named: "basic-damaged.log", in: directory)
}
