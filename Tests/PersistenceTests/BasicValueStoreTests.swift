import Foundation
import Testing
import TestSupport
import Persistence

@Suite("BasicValueStore")
struct BasicValueStoreTests {
    private func open(_ directory: borrowing TemporaryDirectory, _ durability: WriteDurability = .full) throws -> BasicValueStore {
        try BasicValueStore(fileURL: directory.file("values.log"), durability: durability)
    }

    @Test func everySupportedKindSurvivesReopening() throws {
        let directory = try TemporaryDirectory()
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        let url = try #require(URL(string: "https://example.com/a?b=c"))
        do {
            let store = try open(directory)
            try store.set("Ada", forKey: "string")
            try store.set(-42, forKey: "int")
            try store.set(2.5, forKey: "double")
            try store.set(true, forKey: "bool")
            try store.set(date, forKey: "date")
            try store.set(Data([0, 1, 2]), forKey: "data")
            try store.set(url, forKey: "url")
            try store.set(["a", "b"], forKey: "strings")
            try store.set(["x": 1, "y": 2], forKey: "counts")
            try store.set(BasicValue.array([.integer(1), .dictionary(["d": .date(date)])]), forKey: "nested")
        }
        let store = try open(directory)
        #expect(store.string(forKey: "string") == "Ada")
        #expect(store.integer(forKey: "int") == -42)
        #expect(store.double(forKey: "double") == 2.5)
        #expect(store.bool(forKey: "bool"))
        #expect(store.date(forKey: "date") == date)
        #expect(store.data(forKey: "data") == Data([0, 1, 2]))
        #expect(store.url(forKey: "url") == url)
        #expect(store.stringArray(forKey: "strings") == ["a", "b"])
        #expect(try store.value([String: Int].self, forKey: "counts") == ["x": 1, "y": 2])
        #expect(store.array(forKey: "nested") == [.integer(1), .dictionary(["d": .date(date)])])
        #expect(store.keys == ["bool", "counts", "data", "date", "double", "int", "nested", "string", "strings", "url"])
    }

    @Test func gettersReadNumbersAndStringsAsUserDefaultsDoes() throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory, .atomic)
        try store.set(3.9, forKey: "pi-ish")
        try store.set("42", forKey: "text")
        try store.set("YES", forKey: "yes")
        try store.set(0, forKey: "zero")
        #expect(store.integer(forKey: "pi-ish") == 3)
        #expect(store.integer(forKey: "text") == 42)
        #expect(store.double(forKey: "text") == 42)
        #expect(store.bool(forKey: "yes"))
        #expect(!store.bool(forKey: "zero"))
        #expect(store.integer(forKey: "missing") == 0)
        #expect(!store.bool(forKey: "missing"))
        #expect(store.string(forKey: "zero") == nil)
    }

    @Test func strictGetterReportsAKindMismatchWithTheKey() throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory)
        try store.set("not a number", forKey: "count")
        let error = try #require(throws: PersistenceError.self) { try store.value(Int.self, forKey: "count") }
        #expect(error.kind == .typeMismatch)
        #expect(error.key == "count")
        #expect(try store.value(Int.self, forKey: "absent") == nil)
    }

    @Test func unsupportedValuesAreTypedErrorsNamingKeyAndPlace() throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory)
        try store.set("kept", forKey: "k")
        let error = try #require(throws: PersistenceError.self) {
            try store.set(any: ["fine", ["deep": NSObject()]] as [Any], forKey: "k")
        }
        #expect(error.kind == .unsupportedValue)
        #expect(error.key == "k")
        #expect(error.path == store.fileURL.path)
        #expect(error.message.contains("value[1][\"deep\"]"))
        #expect(store.string(forKey: "k") == "kept")
        #expect(!store.saveBasicObject(UInt64.max, forKey: "k"))
        #expect(store.string(forKey: "k") == "kept")
    }

    @Test func valuesNestedDeeperThanTheReaderAcceptsAreRefusedAtSet() throws {
        func nested(_ levels: Int) -> BasicValue {
            (0 ..< levels).reduce(BasicValue.bool(true)) { inner, level in
                level.isMultiple(of: 2) ? .array([inner]) : .dictionary(["k": inner])
            }
        }
        let directory = try TemporaryDirectory()
        do {
            let store = try open(directory)
            try store.set(nested(BasicByteReader.maximumDepth), forKey: "deepest")
            try store.set("kept", forKey: "k")
            let error = try #require(throws: PersistenceError.self) {
                try store.set(nested(BasicByteReader.maximumDepth + 1), forKey: "k")
            }
            #expect(error.kind == .unsupportedValue)
            #expect(error.key == "k")
            #expect(error.message.contains("deeper than \(BasicByteReader.maximumDepth)"))
            #expect(store.string(forKey: "k") == "kept")
        }
        // What was accepted is what reopening reads.
        let reopened = try open(directory)
        #expect(reopened.value(forKey: "deepest") == nested(BasicByteReader.maximumDepth))
        #expect(reopened.string(forKey: "k") == "kept")
        #expect(reopened.statistics.damagedRegionsSkipped == 0)
    }

    @Test func seedSpellingsStoreAndLoadFoundationValues() throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory)
        #expect(store.saveBasicObject(["name": "Ada", "tags": ["x", "y"], "age": 36] as [String: Any], forKey: "user"))
        let loaded = try #require(store.loadBasicObject(forKey: "user") as? [String: Any])
        #expect(loaded["name"] as? String == "Ada")
        #expect(loaded["tags"] as? [String] == ["x", "y"])
        #expect(loaded["age"] as? Int == 36)
        #expect(store.saveBasicObject(nil, forKey: "user"))
        #expect(store.loadBasicObject(forKey: "user") == nil)
    }

    @Test func removeAndRemoveAllForgetValuesDurably() throws {
        let directory = try TemporaryDirectory()
        do {
            let store = try open(directory)
            try store.set(1, forKey: "a")
            try store.set(2, forKey: "b")
            try store.removeValue(forKey: "a")
            try store.removeValue(forKey: "never-set")
        }
        do {
            let store = try open(directory)
            #expect(store.keys == ["b"])
            try store.removeAll()
            #expect(store.keys.isEmpty)
        }
        #expect(try open(directory).keys.isEmpty)
    }

    @Test func anyStringIsAKeyAndEqualUnicodeSpellingsAreOneKey() throws {
        let directory = try TemporaryDirectory()
        let keys = ["", "../x", "/etc/passwd", "a/b", "..", "nul\u{0}key", String(repeating: "k", count: 10_000), "🔑"]
        do {
            let store = try open(directory)
            for (index, key) in keys.enumerated() { try store.set(index, forKey: key) }
            try store.set("composed", forKey: "caf\u{E9}")
            try store.set("decomposed", forKey: "cafe\u{301}")
        }
        let store = try open(directory)
        for (index, key) in keys.enumerated() { #expect(store.integer(forKey: key) == index) }
        #expect(store.string(forKey: "caf\u{E9}") == "decomposed")
        #expect(store.keys.count == keys.count + 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == ["values.log", "values.log.lock"])
    }

    @Test func aLogWrittenWithUnnormalizedKeysReadsUnderEitherSpellingAndCompactsNormalized() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        // Another writer's log: keys as it spelled them, not normalized as this store writes them.
        var bytes = BasicLogFormat.header
        for record in [BasicLogRecord(key: "cafe\u{301}", value: .string("first")),
                       BasicLogRecord(key: "\u{212B}ngstr\u{F6}m", value: .integer(1)),
                       BasicLogRecord(key: "caf\u{E9}", value: .string("second"))] {
            bytes += try #require(record.framed())
        }
        try Data(bytes).write(to: url)
        let store = try BasicValueStore(fileURL: url)
        #expect(store.string(forKey: "cafe\u{301}") == "second")
        #expect(store.string(forKey: "caf\u{E9}") == "second")
        #expect(store.integer(forKey: "\u{C5}ngstr\u{F6}m") == 1)
        #expect(store.keys == ["caf\u{E9}", "\u{C5}ngstr\u{F6}m"])
        #expect(store.statistics.damagedRegionsSkipped == 0)
        try store.compact()
        let compacted = try Data(contentsOf: url)
        let scan = compacted.withUnsafeBytes { BasicLogScanner.scan($0, from: BasicLogFormat.headerSize) }
        #expect(scan.records.map(\.record.key).map { Array($0.utf8) } == [Array("caf\u{E9}".utf8), Array("\u{C5}ngstr\u{F6}m".utf8)])
    }

    @Test func aValueOverTheRecordLimitIsRefusedAndThePreviousKept() throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory)
        try store.set("small", forKey: "blob")
        let huge = Data(count: BasicLogFormat.maximumPayloadSize + 1)
        let error = try #require(throws: PersistenceError.self) { try store.set(huge, forKey: "blob") }
        #expect(error.kind == .unsupportedValue)
        #expect(error.key == "blob")
        #expect(store.string(forKey: "blob") == "small")
    }

    @Test func batchedWritesReachTheFileAtOnceAndSynchronizeFlushes() throws {
        let directory = try TemporaryDirectory()
        let disk = FaultInjectingFileSystem()
        let store = try BasicValueStore(fileURL: directory.file("values.log"), durability: .atomic,
                                        compaction: .standard, fileSystem: disk)
        disk.clearRecordedCalls()
        for index in 0 ..< 10 { try store.set(index, forKey: "k\(index)") }
        #expect(!disk.recordedCalls.contains { $0.operation == .sync })
        #expect(try open(directory).integer(forKey: "k9") == 9)
        try store.synchronize()
        #expect(disk.recordedCalls.filter { $0.operation == .sync }.count == 1)
    }

    @Test func fullDurabilityFlushesEachSet() throws {
        let directory = try TemporaryDirectory()
        let disk = FaultInjectingFileSystem()
        let store = try BasicValueStore(fileURL: directory.file("values.log"), durability: .full,
                                        compaction: .standard, fileSystem: disk)
        disk.clearRecordedCalls()
        for index in 0 ..< 5 { try store.set(index, forKey: "k") }
        let operations = disk.recordedCalls.map(\.operation).filter { $0 == .write || $0 == .sync }
        #expect(operations == Array(repeating: [FileSystemOperation.write, .sync], count: 5).flatMap { $0 })
    }

    @Test func aNamedStoreLivesInItsLocationDirectory() throws {
        let directory = try TemporaryDirectory()
        let store = try BasicValueStore(name: "prefs", application: "Demo", location: .directory(directory.url))
        try store.set(true, forKey: "on")
        #expect(store.fileURL.lastPathComponent == BasicValueStore.logFileName)
        #expect(store.fileURL.deletingLastPathComponent().lastPathComponent == "prefs")
        let again = try BasicValueStore(name: "prefs", application: "Demo", location: .directory(directory.url))
        #expect(again.bool(forKey: "on"))
    }

    @Test func readsMakeNoSystemCallUntilAnotherStoreWrites() throws {
        let directory = try TemporaryDirectory()
        let disk = FaultInjectingFileSystem()
        let url = directory.file("values.log")
        let store = try BasicValueStore(fileURL: url, durability: .atomic, compaction: .standard, fileSystem: disk)
        try store.set("mine", forKey: "a")
        disk.clearRecordedCalls()
        for _ in 0 ..< 100 { #expect(store.string(forKey: "a") == "mine") }
        #expect(disk.recordedCalls.isEmpty)
        let other = try BasicValueStore(fileURL: url, durability: .atomic)
        try other.set("theirs", forKey: "a")
        #expect(store.string(forKey: "a") == "theirs")
        #expect(disk.recordedCalls.map(\.operation).contains(.read))
    }
}
