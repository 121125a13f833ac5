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

/// A sample document in every form the comparisons need, built once before any timing.
struct PreparedDocument {
    let value: PropertyListValue
    /// The same document as Foundation objects, for the write baselines.
    let foundationObject: Any
    /// Bytes both readers parse, per format: our writer's output (deterministic key order), or
    /// Foundation's when our writer fails, so reading can still be measured.
    let encoded: [PropertyListFormat: Data]
    /// Foundation's own encodings.
    let foundationEncoded: [PropertyListFormat: Data]
    /// Why our writer could not produce `encoded`, per format.
    let writerErrors: [PropertyListFormat: String]

    init(records: Int) throws {
        value = SampleDocument.make(records: records)
        foundationObject = value.foundationObject
        var encoded: [PropertyListFormat: Data] = [:]
        var foundationEncoded: [PropertyListFormat: Data] = [:]
        var writerErrors: [PropertyListFormat: String] = [:]
        for format in [PropertyListFormat.binary, .xml] {
            let theirs = try PropertyListSerialization.data(
                fromPropertyList: foundationObject, format: format.foundation, options: 0)
            foundationEncoded[format] = theirs
            do {
                let ours = try format.writer(value)
                encoded[format] = ours
                // A reader that drops work would look fast: make sure it reads the whole document.
                let readBack = Result { try format.reader(ours) }
                if (try? readBack.get()) != value {
                    FileHandle.standardError.write(Data(
                        "warning: our \(format) reader does not read back what our writer wrote\n".utf8))
                }
            } catch {
                writerErrors[format] = "\(error)"
                encoded[format] = theirs
                FileHandle.standardError.write(Data(
                    "note: our \(format) writer failed (\(error)); reading Foundation's bytes instead\n".utf8))
            }
        }
        self.encoded = encoded
        self.foundationEncoded = foundationEncoded
        self.writerErrors = writerErrors
    }

    /// Read and write comparisons for one format.
    func comparisons(format: PropertyListFormat, suffix: String) -> [Comparison] {
        let bytes = encoded[format] ?? Data()
        let object = foundationObject
        let value = value
        let name = format == .binary ? "binary" : "xml"
        let read = Comparison(
            id: "plist.\(name).read\(suffix)",
            baseline: "PropertyListSerialization",
            bytes: bytes.count,
            ours: { blackHole(try format.reader(bytes)) },
            baseline: {
                blackHole(try PropertyListSerialization.propertyList(from: bytes, options: [], format: nil))
            })
        let write = Comparison(
            id: "plist.\(name).write\(suffix)",
            baseline: "PropertyListSerialization",
            bytes: bytes.count,
            ours: { blackHole(try format.writer(value)) },
            baseline: {
                blackHole(try PropertyListSerialization.data(
                    fromPropertyList: object, format: format.foundation, options: 0))
            })
        return [read, write]
    }
}

extension PropertyListFormat {
    /// The matching `PropertyListSerialization` format.
    var foundation: PropertyListSerialization.PropertyListFormat {
        self == .binary ? .binary : .xml
    }

    /// Our reader for this format, with default options.
    func reader(_ data: Data) throws -> PropertyListValue {
        self == .binary ? try BinaryPropertyListReader().read(data) : try XMLPropertyListReader().read(data)
    }

    /// Our writer for this format.
    func writer(_ value: PropertyListValue) throws -> Data {
        self == .binary ? try BinaryPropertyListWriter().write(value) : try XMLPropertyListWriter().write(value)
    }
}
