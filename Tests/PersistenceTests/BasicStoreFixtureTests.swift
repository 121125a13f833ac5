import Foundation
import Testing
import TestSupport
import Persistence

/// Logs written by `Scripts/make_basic_store_fixtures.py`, an implementation of the documented
/// format made without Archivist: we must read them, repair the damaged one as documented, and
/// write the same bytes for the same operations.
@Suite("BasicStoreFixture")
struct BasicStoreFixtureTests {
    private struct Expected {
        var operations: [(key: String, value: BasicValue?)] = []
        var contents: [String: BasicValue] = [:]
        var damagedRegionsSkipped = 0
        var damagedBytesSkipped = 0
        var tornBytesTruncated = 0
    }

    private struct FixtureFormatError: Error, CustomStringConvertible {
        var description: String
    }

    /// `{"string": "x"}`, `{"array": [...]}`… as written by the script's `as_json`.
    private static func value(_ json: Any) throws -> BasicValue {
        guard let tagged = json as? [String: Any], tagged.count == 1, let (kind, payload) = tagged.first else {
            throw FixtureFormatError(description: "not a tagged value: \(json)")
        }
        switch (kind, payload) {
        case ("string", let string as String): return .string(string)
        case ("integer", let number as NSNumber): return .integer(number.intValue)
        case ("double", let number as NSNumber): return .double(number.doubleValue)
        case ("bool", let number as NSNumber): return .bool(number.boolValue)
        case ("date", let number as NSNumber): return .date(Date(timeIntervalSinceReferenceDate: number.doubleValue))
        case ("data", let base64 as String):
            guard let data = Data(base64Encoded: base64) else { throw FixtureFormatError(description: base64) }
            return .data(data)
        case ("url", let string as String):
            guard let url = URL(string: string) else { throw FixtureFormatError(description: string) }
            return .url(url)
        case ("array", let elements as [Any]): return .array(try elements.map(value))
        case ("dictionary", let entries as [String: Any]): return .dictionary(try entries.mapValues(value))
        default: throw FixtureFormatError(description: "unknown kind \(kind)")
        }
    }

    private func expected() throws -> Expected {
        let json = try JSONSerialization.jsonObject(with: Fixtures.data("Persistence/basic-v1/expected.json"))
        guard let root = json as? [String: Any], let operations = root["operations"] as? [[Any]],
              let contents = root["contents"] as? [String: Any] else {
            throw FixtureFormatError(description: "unexpected expected.json layout")
        }
        var result = Expected()
        for operation in operations {
            guard operation.count == 2, let key = operation[0] as? String else {
                throw FixtureFormatError(description: "bad operation \(operation)")
            }
            result.operations.append((key, operation[1] is NSNull ? nil : try Self.value(operation[1])))
        }
        result.contents = try contents.mapValues(Self.value)
        result.damagedRegionsSkipped = root["damagedRegionsSkipped"] as? Int ?? -1
        result.damagedBytesSkipped = root["damagedBytesSkipped"] as? Int ?? -1
        result.tornBytesTruncated = root["tornBytesTruncated"] as? Int ?? -1
        return result
    }

    /// Opens a copy of a fixture log (opening repairs the file; the fixture must stay as it is).
    private func open(_ name: String, in directory: borrowing TemporaryDirectory) throws -> BasicValueStore {
        let copy = directory.file("values.log")
        try Fixtures.data("Persistence/basic-v1/\(name)").write(to: copy)
        return try BasicValueStore(fileURL: copy)
    }

    @Test func anIndependentlyWrittenLogReadsAsItsContents() throws {
        let directory = try TemporaryDirectory()
        let store = try open("intact.log", in: directory)
        #expect(store.dictionaryRepresentation() == (try expected().contents))
        #expect(store.statistics.damagedRegionsSkipped == 0)
        #expect(store.statistics.tornBytesTruncated == 0)
    }

    @Test func aDamagedRecordAndATornTailAreRepairedAsDocumented() throws {
        let directory = try TemporaryDirectory()
        let expected = try expected()
        let store = try open("damaged.log", in: directory)
        #expect(store.dictionaryRepresentation() == expected.contents)
        let statistics = store.statistics
        #expect(statistics.damagedRegionsSkipped == expected.damagedRegionsSkipped)
        #expect(statistics.damagedBytesSkipped == expected.damagedBytesSkipped)
        #expect(statistics.tornBytesTruncated == expected.tornBytesTruncated)
        let damaged = try Fixtures.data("Persistence/basic-v1/damaged.log")
        #expect(try Data(contentsOf: store.fileURL) == damaged.prefix(damaged.count - expected.tornBytesTruncated))
    }

    @Test func ourWriterProducesTheSameBytesForTheSameOperations() throws {
        let directory = try TemporaryDirectory()
        let store = try BasicValueStore(fileURL: directory.file("values.log"), durability: .atomic,
                                        compaction: BasicCompactionPolicy(minimumFileSize: .max, garbageRatio: 1),
                                        fileSystem: SystemFileSystem())
        for (key, value) in try expected().operations {
            if let value { try store.set(value, forKey: key) } else { try store.removeValue(forKey: key) }
        }
        #expect(try Data(contentsOf: store.fileURL) == (try Fixtures.data("Persistence/basic-v1/intact.log")))
    }
}
