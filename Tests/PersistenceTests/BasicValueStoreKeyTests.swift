import Foundation
import Testing
import TestSupport
import Persistence

/// The keys the tests read and write, declared as an app declares them.
enum ReadingMode: String, Sendable {
    case scroll, paged
}

extension BasicValueStore.Key where Value == Int {
    static let launches = Self("launches", default: 0)
}

extension BasicValueStore.Key where Value == String? {
    static let userName = Self("userName")
}

extension BasicValueStore.Key where Value == ReadingMode {
    static let readingMode = Self("readingMode", default: .scroll)
}

extension BasicValueStore.Key where Value == [String] {
    static let recentSearches = Self("recentSearches", default: [])
}

/// Typed keys: a name, a type and a default; reads never fail, the strict read and the writes throw.
@Suite("BasicValueStoreKey")
struct BasicValueStoreKeyTests {
    private func open(_ directory: borrowing TemporaryDirectory) throws -> BasicValueStore {
        try BasicValueStore(fileURL: directory.file("values.log"), durability: .atomic)
    }

    @Test func aMissingKeyReadsAsItsDefault() throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory)
        #expect(store[.launches] == 0)
        #expect(store[.userName] == nil)
        #expect(store[.readingMode] == .scroll)
        #expect(store[.recentSearches] == [])
        #expect(try store.value(forKey: .launches) == 0)
        #expect(store.keys.isEmpty)
    }

    @Test func subscriptAndSetStoreTypedValuesThatSurviveReopening() throws {
        let directory = try TemporaryDirectory()
        do {
            let store = try open(directory)
            store[.launches] += 1
            store[.launches] += 1
            store[.readingMode] = .paged
            try store.set("Ada", forKey: .userName)
            try store.set(["swift", "plist"], forKey: .recentSearches)
            try store.synchronize()
        }
        let store = try open(directory)
        #expect(store[.launches] == 2)
        #expect(store[.readingMode] == .paged)
        #expect(store[.userName] == "Ada")
        #expect(store[.recentSearches] == ["swift", "plist"])
        // Typed keys and string keys name the same values; enums are stored as their raw value.
        #expect(store.integer(forKey: "launches") == 2)
        #expect(store.string(forKey: "readingMode") == "paged")
        #expect(store.lastWriteError == nil)
    }

    @Test func storingNilUnderAnOptionalKeyRemovesIt() throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory)
        store[.userName] = "Ada"
        #expect(store.contains("userName"))
        store[.userName] = nil
        #expect(!store.contains("userName"))
        try store.set("Grace", forKey: .userName)
        try store.set(nil, forKey: .userName)
        #expect(store.keys.isEmpty)
        let withDefault = BasicValueStore.Key<String?>("nick", default: "anonymous")
        #expect(store[withDefault] == "anonymous")
    }

    @Test func removingATypedKeyBringsBackItsDefault() throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory)
        store[.launches] = 7
        try store.removeValue(forKey: .launches)
        #expect(store[.launches] == 0)
        #expect(!store.contains("launches"))
    }

    @Test func aValueOfAnotherTypeReadsAsTheDefaultAndTheStrictReadReportsIt() throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory)
        try store.set("many", forKey: "launches")
        try store.set("sideways", forKey: "readingMode")
        #expect(store[.launches] == 0)
        #expect(store[.readingMode] == .scroll)
        let error = try #require(throws: PersistenceError.self) { try store.value(forKey: .launches) }
        #expect(error.kind == .typeMismatch)
        #expect(error.key == "launches")
        #expect(error.path == store.fileURL.path)
        #expect(error.message.contains("string") && error.message.contains("Int"))
        // A raw value naming no case is a mismatch too.
        let mode = try #require(throws: PersistenceError.self) { try store.value(forKey: .readingMode) }
        #expect(mode.kind == .typeMismatch)
        // Integers read as doubles, as the store's typed reads allow.
        try store.set(3, forKey: "ratio")
        #expect(try store.value(forKey: BasicValueStore.Key<Double>("ratio", default: 0)) == 3)
    }

    @Test func typedUpdateStartsFromTheDefaultAndRefusesAnotherType() throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory)
        let result = try store.update(forKey: .launches) { launches -> Int in
            launches += 5
            return launches * 2
        }
        #expect(result == 10)
        try store.update(forKey: .launches) { $0 += 1 }
        #expect(store[.launches] == 6)
        try store.update(forKey: .userName) { $0 = nil }
        #expect(!store.contains("userName"))
        try store.set(true, forKey: "launches")
        let error = try #require(throws: PersistenceError.self) { try store.update(forKey: .launches) { $0 += 1 } }
        #expect(error.kind == .typeMismatch)
        #expect(store.bool(forKey: "launches"))
    }

    @Test func equalUnicodeSpellingsOfAKeyNameAreOneKey() throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory)
        let composed = BasicValueStore.Key<Int>("caf\u{E9}", default: 0)
        try store.set(4, forKey: "cafe\u{301}")
        #expect(store[composed] == 4)
        #expect(composed.name == "caf\u{E9}")
        #expect(composed.description == "Key(\"caf\u{E9}\", default: 0)")
    }

    @Test func aFailedSubscriptWriteKeepsTheValueAndIsKeptInLastWriteError() throws {
        let directory = try TemporaryDirectory()
        let disk = FaultInjectingFileSystem()
        let store = try BasicValueStore(fileURL: directory.file("values.log"), durability: .full,
                                        compaction: .standard, fileSystem: disk)
        store[.launches] = 1
        disk.inject(FileSystemFault(.write, code: ENOSPC, pathContains: "values.log", times: 1))
        store[.launches] = 2
        #expect(store[.launches] == 1)
        let error = try #require(store.lastWriteError)
        #expect(error.kind == .noSpace)
        #expect(error.key == "launches")
        // The throwing call reports its own failure and leaves lastWriteError alone.
        disk.inject(FileSystemFault(.write, code: EIO, pathContains: "values.log", times: 1))
        #expect(throws: PersistenceError.self) { try store.set(3, forKey: .launches) }
        #expect(store.lastWriteError?.kind == .noSpace)
        store[.launches] = 4
        #expect(store.lastWriteError == nil)
        #expect(store[.launches] == 4)
    }
}
