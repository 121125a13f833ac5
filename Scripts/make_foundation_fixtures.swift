// Writes Fixtures/PropertyList/valid/foundation-*.plist with Foundation's own writers
// (PropertyListSerialization and NSKeyedArchiver), so the readers are tested against files
// produced by an implementation other than ours and other than Python's.
//
//   swiftc -O Scripts/make_foundation_fixtures.swift -o /tmp/make_foundation_fixtures \
//     && SWIFT_DETERMINISTIC_HASHING=1 /tmp/make_foundation_fixtures
//   python3 Scripts/make_fixtures.py     # then writes every valid/*.json (plistlib's reading)
//
// The outputs are committed; they were produced on Linux (swift-corelibs-foundation). Dictionary
// key order in Foundation's binary output follows hashing, hence SWIFT_DETERMINISTIC_HASHING.
// Values are chosen so plistlib reads them exactly: dates in whole or half seconds within
// years 1...9999, as plistlib turns dates into microsecond-resolution datetimes.
import Foundation

let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/PropertyList/valid", isDirectory: true)

func everyType(binary: Bool) -> [String: Any] {
    var value: [String: Any] = [
        "string": "plain ASCII",
        "unicode": "Grüße, 世界 — 😀 𝄞",
        "escapes": "<tag> & \"quotes\" 'apostrophes' ]]>",
        "empty string": "",
        "zero": NSNumber(value: 0),
        "small": NSNumber(value: 42),
        "negative": NSNumber(value: -1),
        "int16 edge": NSNumber(value: 65_536),
        "int32 edge": NSNumber(value: Int64(4_294_967_296)),
        "int64 max": NSNumber(value: Int64.max),
        "int64 min": NSNumber(value: Int64.min),
        "uint64 max": NSNumber(value: UInt64.max),
        "real": NSNumber(value: Double.pi),
        "subnormal": NSNumber(value: Double.leastNonzeroMagnitude),
        "huge real": NSNumber(value: Double.greatestFiniteMagnitude),
        "nan": NSNumber(value: Double.nan),
        "infinity": NSNumber(value: Double.infinity),
        "negative infinity": NSNumber(value: -Double.infinity),
        "float": NSNumber(value: Float(1.5)),
        "float max": NSNumber(value: Float.greatestFiniteMagnitude),
        "true": NSNumber(value: true),
        "false": NSNumber(value: false),
        "reference date": Date(timeIntervalSinceReferenceDate: 0),
        "1970": Date(timeIntervalSince1970: 0),
        "year 1": Date(timeIntervalSinceReferenceDate: -63_113_904_000),
        "year 9999": Date(timeIntervalSinceReferenceDate: 252_423_993_599),
        "data": Data((0 ... 255).map { UInt8($0) }),
        "empty data": Data(),
        "array": [NSNumber(value: 1), "two", NSNumber(value: 3.0), [Any](), [String: Any]()] as [Any],
        "nested": ["inner": ["deeper": [NSNumber(value: true), ["leaf": "value"]] as [Any]]],
        "empty array": [Any](),
        "empty dict": [String: Any](),
    ]
    if binary {
        // XML has no negative zero (Foundation writes 0.0) nor fractional-second dates.
        value["negative zero"] = NSNumber(value: -0.0)
        value["half second"] = Date(timeIntervalSinceReferenceDate: -0.5)
    }
    return value
}

struct Failure: Error { let message: String }

func write(_ object: Any, as format: PropertyListSerialization.PropertyListFormat, to name: String) throws {
    let data = try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
    try data.write(to: directory.appendingPathComponent(name))
    print("wrote \(name) (\(data.count) bytes)")
}

let many: [String: Any] = Dictionary(uniqueKeysWithValues: (0 ..< 300).map { ("key \($0)", NSNumber(value: $0 * 7)) })
let strings: [Any] = (0 ..< 40).map { "string \($0 % 10) ü" } + (0 ..< 40).map { NSNumber(value: $0 % 5) }

try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
try write(everyType(binary: true), as: .binary, to: "foundation-every-type.binary.plist")
try write(everyType(binary: false), as: .xml, to: "foundation-every-type.xml.plist")
try write(many, as: .binary, to: "foundation-300-keys.binary.plist")
try write(many, as: .xml, to: "foundation-300-keys.xml.plist")
try write(strings, as: .binary, to: "foundation-repeated-values.binary.plist")
try write("a lone string", as: .xml, to: "foundation-root-string.xml.plist")

// A keyed archive: the one place Foundation writes UIDs.
let archiver = NSKeyedArchiver(requiringSecureCoding: false)
archiver.outputFormat = .binary
archiver.encode(["name": "Ada", "year": NSNumber(value: 1815)] as NSDictionary, forKey: "root")
archiver.encode(NSArray(array: ["shared", "shared", NSNumber(value: 2.5)]), forKey: "list")
archiver.finishEncoding()
try archiver.encodedData.write(to: directory.appendingPathComponent("foundation-keyed-archive.binary.plist"))
print("wrote foundation-keyed-archive.binary.plist (\(archiver.encodedData.count) bytes)")
