import Foundation
import PropertyList
import Testing

@Suite struct PropertyListValueTests {
    @Test func dictionaryKeepsInsertionOrderAndReplacesInPlace() {
        var dictionary: PropertyListDictionary = ["b": 1, "a": 2]
        dictionary["b"] = "x"
        dictionary["c"] = true
        #expect(dictionary.keys == ["b", "a", "c"])
        #expect(dictionary["b"] == "x")
        dictionary["a"] = nil
        #expect(dictionary.keys == ["b", "c"])
    }

    @Test func largeDictionaryLookupsUseTheIndexAndAgreeWithLinearScan() {
        var dictionary = PropertyListDictionary()
        for number in 0..<100 { dictionary["k\(number)"] = .integer(PropertyListInteger(Int64(number))) }
        dictionary["k5"] = "five"
        dictionary.removeValue(forKey: "k0")
        #expect(dictionary.count == 99)
        #expect(dictionary.position(of: "k1") == 0)
        #expect(dictionary["k5"] == "five")
        #expect(dictionary["k99"] == 99)
        #expect(dictionary["k0"] == nil)
    }

    @Test func dictionaryEqualityIgnoresOrderButHashAgrees() {
        let left: PropertyListDictionary = ["a": 1, "b": [1, 2]]
        let right: PropertyListDictionary = ["b": [1, 2], "a": 1]
        #expect(left == right)
        #expect(left.hashValue == right.hashValue)
        #expect(left != ["a": 1, "b": [2, 1]])
    }

    @Test func realsCompareByBitPattern() {
        #expect(PropertyListValue.real(.nan) == .real(.nan))
        #expect(PropertyListValue.real(0.0) != .real(-0.0))
        #expect(PropertyListValue.real(1) != .real32(1))
    }

    @Test func integerCoversInt64MinThroughUInt64Max() {
        let low = PropertyListInteger(Int64.min)
        let high = PropertyListInteger(UInt64.max)
        #expect(low < high)
        #expect(low.int64Value == Int64.min)
        #expect(low.uint64Value == nil)
        #expect(high.int64Value == nil)
        #expect(high.uint64Value == UInt64.max)
        #expect(high.description == "18446744073709551615")
        #expect(PropertyListInteger(exactly: 300)?.exactly(UInt8.self) == nil)
        #expect(PropertyListInteger(exactly: -1)?.exactly(Int8.self) == -1)
    }

    @Test func foundationBridgeKeepsBooleansIntegersAndReals() throws {
        let object: [String: Any] = ["t": true, "i": 1, "u": NSNumber(value: UInt64.max), "d": 2.5, "f": Float(1.5),
                                     "s": "x", "a": [Data([1, 2])], "date": Date(timeIntervalSinceReferenceDate: 3)]
        let value = try #require(PropertyListValue(foundationObject: object))
        #expect(value["t"] == true)
        #expect(value["i"] == 1)
        #expect(value["u"] == .integer(PropertyListInteger(UInt64.max)))
        #expect(value["d"] == 2.5)
        #expect(value["f"] == .real32(1.5))
        #expect(value["a"]?[0] == .data(Data([1, 2])))
        #expect(value["date"] == .date(Date(timeIntervalSinceReferenceDate: 3)))
        let back = try #require(PropertyListValue(foundationObject: value.foundationObject))
        #expect(back == value)
    }
}

@Suite struct PropertyListKeyTests {
    @Test func canonicallyEquivalentKeysStayDistinct() {
        var small = PropertyListDictionary()
        small["\u{E9}"] = 1
        small["e\u{301}"] = 2
        #expect(small.count == 2)
        #expect(small["\u{E9}"] == 1)
        #expect(small["e\u{301}"] == 2)

        var large = PropertyListDictionary()
        for number in 0..<40 { large["k\(number)"] = true }
        large["\u{E9}"] = 1
        large["e\u{301}"] = 2
        #expect(large.count == 42)
        #expect(large["e\u{301}"] == 2)
    }

    @Test func canonicallyEquivalentStringsAreDifferentValues() {
        #expect(PropertyListValue.string("\u{E9}") != .string("e\u{301}"))
        #expect(PropertyListValue.string("\u{E9}") == .string("\u{E9}"))
    }
}
