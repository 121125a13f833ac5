import AutoCoding
import Foundation
import PropertyList
import Testing

@propertyWrapper
struct Clamped: Equatable {
    var wrappedValue: Int {
        didSet { wrappedValue = min(max(wrappedValue, 0), 100) }
    }
    init(wrappedValue: Int) { self.wrappedValue = min(max(wrappedValue, 0), 100) }
}

@propertyWrapper
struct Trimmed: Codable, Equatable {
    private var storage: String
    var wrappedValue: String {
        get { storage }
        set { storage = newValue.trimmingCharacters(in: .whitespaces) }
    }
    init(wrappedValue: String) { storage = wrappedValue.trimmingCharacters(in: .whitespaces) }
}

struct Wrapped: AutoCodable, Equatable {
    @Clamped var level = 50
    @Trimmed var title = ""
    var plain = 1
    lazy var expensive: [Int] = Array(0..<plain)

    static var sample: Wrapped {
        var value = Wrapped()
        value.level = 80
        value.title = "  hello "
        value.plain = 3
        return value
    }

    static func == (lhs: Wrapped, rhs: Wrapped) -> Bool {
        lhs.level == rhs.level && lhs.title == rhs.title && lhs.plain == rhs.plain
    }
}

/// Property wrappers archive their wrapped value under the declared name; lazy caches never.
@Suite struct PropertyWrapperAndLazyTests {
    @Test func wrapperWithStoredWrappedValueIsArchivedUnderTheDeclaredName() throws {
        let tree = try AutoArchiver.encodeTree(Wrapped.sample)
        #expect(tree["level"] == 80)
        #expect(tree["_level"] == nil)
    }

    @Test func wrapperWithComputedWrappedValueIsArchivedThroughItsCodableConformance() throws {
        let tree = try AutoArchiver.encodeTree(Wrapped.sample)
        #expect(tree["_title"] == ["storage": "hello"])
    }

    @Test func lazyStorageIsNeverArchived() throws {
        var value = Wrapped.sample
        _ = value.expensive
        let tree = try AutoArchiver.encodeTree(value)
        #expect(tree.dictionaryValue?.keys == ["$type", "level", "_title", "plain"])
    }

    @Test func wrappedValuesRoundTrip() throws {
        let copy = try AutoArchiver.decode(Wrapped.self, from: AutoArchiver.encodeTree(Wrapped.sample))
        #expect(copy == Wrapped.sample)
        var mutable = copy
        #expect(mutable.expensive == [0, 1, 2]) // lazy recomputed from restored state
    }

    @Test func restoringWritesTheWrappedValueWithoutRunningTheSetter() throws {
        // Like a decoder's storage initialization, restoring bypasses the wrapper's setter logic.
        let copy = try AutoArchiver.decode(Wrapped.self, from: ["level": 250])
        #expect(copy.level == 250)
    }
}
