import Foundation
import PropertyList

/// Binary and XML property-list reading and writing against `PropertyListSerialization`, on a
/// ~10 MB document (one operation per round) and a ~2 KB one (many per round).
enum PropertyListBenchmarks: BenchmarkSuite {
    static let ids = [
        "plist.binary.read", "plist.binary.write", "plist.xml.read", "plist.xml.write",
        "plist.binary.read.small", "plist.binary.write.small", "plist.xml.read.small", "plist.xml.write.small",
        "plist.binary.size", "plist.binary.read.memory",
    ]

    static func comparisons(matching wanted: (String) -> Bool) throws -> [Comparison] {
        var result: [Comparison] = []
        for (suffix, records) in [("", SampleDocument.largeRecordCount), (".small", SampleDocument.smallRecordCount)] {
            let ids = ["binary.read", "binary.write", "xml.read", "xml.write"].map { "plist.\($0)\(suffix)" }
            guard ids.contains(where: wanted) else { continue }
            let document = try prepared(records: records)
            for format in [PropertyListFormat.binary, .xml] {
                result += document.comparisons(format: format, suffix: suffix)
            }
        }
        return result.filter { wanted($0.id) }
    }

    /// Documents already built, by record count: building the large one takes seconds.
    nonisolated(unsafe) private static var cache: [Int: PreparedDocument] = [:]

    private static func prepared(records: Int) throws -> PreparedDocument {
        if let document = cache[records] { return document }
        let document = try PreparedDocument(records: records)
        cache[records] = document
        return document
    }

    static func extras(matching wanted: (String) -> Bool) throws -> [BenchmarkExtra] {
        let ids = ["plist.binary.size", "plist.binary.read.memory"]
        guard ids.contains(where: wanted) else { return [] }
        let document = try prepared(records: SampleDocument.largeRecordCount)
        var extras: [BenchmarkExtra] = []
        if wanted(ids[0]) { extras.append(PropertyListExtras.binarySize(document)) }
        if wanted(ids[1]) { extras.append(PropertyListExtras.binaryReadMemory(document)) }
        return extras
    }
}
