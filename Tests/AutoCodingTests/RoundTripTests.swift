import AutoCoding
import Foundation
import PropertyList
import Testing

/// Every supported property type survives archive → unarchive at the tree level.
@Suite struct RoundTripTests {
    private func roundTrip<T: AutoCodable>(_ value: T) throws -> T {
        try AutoArchiver.decode(T.self, from: AutoArchiver.encodeTree(value))
    }

    @Test func scalarsAndFoundationValuesRoundTrip() throws {
        #expect(try roundTrip(Scalars.sample) == Scalars.sample)
    }

    @Test func scalarsUseTheDocumentedPropertyListTypes() throws {
        let tree = try AutoArchiver.encodeTree(Scalars.sample)
        #expect(tree["float"] == .real32(3.25))
        #expect(tree["double"] == .real(-0.1))
        #expect(tree["uint64"] == .integer(PropertyListInteger(UInt64.max)))
        #expect(tree["url"] == "https://example.com/a?b=c")
        #expect(tree["uuid"] == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(tree["decimal"] == "12345.6789")
        #expect(tree["date"] == .date(Date(timeIntervalSinceReferenceDate: 123_456.75)))
        #expect(tree["data"] == .data(Data([0, 1, 2, 0xFF])))
    }

    @Test func collectionsNestedToAnyDepthRoundTrip() throws {
        #expect(try roundTrip(Collections.sample) == Collections.sample)
    }

    @Test func setsAndDictionariesAreWrittenInAReproducibleOrder() throws {
        let tree = try AutoArchiver.encodeTree(Collections.sample)
        #expect(tree["names"] == ["a", "b", "c"])
        #expect(tree["byID"]?.dictionaryValue?.keys == ["-3", "2", "10"])
        #expect(tree["scores"]?.dictionaryValue?.keys == ["x", "y"])
        #expect(tree["priorities"] == [9, 1])
    }

    @Test func nilOptionalsAreRecordedAndRoundTripAsNil() throws {
        var value = Optionals()
        value.name = nil
        let tree = try AutoArchiver.encodeTree(value)
        #expect(tree["name"] == "$null")
        // init() gives "default"; the archived nil wins.
        #expect(try roundTrip(value).name == nil)
        // Archives written before nil was recorded left the key out: the default stays.
        #expect(try AutoArchiver.decode(Optionals.self, from: ["count": 1]).name == "default")
        value.name = "set"
        value.count = 3
        value.address = Address(street: "x")
        value.when = Date(timeIntervalSinceReferenceDate: 5)
        value.nestedOptional = [1, 2]
        #expect(try roundTrip(value) == value)
    }

    @Test func nilInsideACollectionRoundTrips() throws {
        var value = Optionals()
        value.nestedOptional = [1, nil, 3]
        let tree = try AutoArchiver.encodeTree(value)
        #expect(tree["nestedOptional"] == [1, "$null", 3])
        #expect(try roundTrip(value).nestedOptional == [1, nil, 3])
    }

    @Test func genericTypesGetAPlanPerConcreteType() throws {
        let ints = Box<Int>(label: "i", content: 1, history: [1, 2, 3])
        let addresses = Box<Address>(label: "a", content: Address(city: "c"), history: [Address()])
        let strings = Box<[String: [Int]]>(label: "s", content: ["k": [1]], history: [[:]])
        #expect(try roundTrip(ints) == ints)
        #expect(try roundTrip(addresses) == addresses)
        #expect(try roundTrip(strings) == strings)
    }

    @Test func codableEnumsWithPayloadsRoundTripThroughTheEngineTree() throws {
        let drawing = Drawing(title: "t", shapes: [.circle(radius: 2), .rectangle(width: 1, height: 3), .polygon([1, 2]), .empty],
                              background: .circle(radius: 0.5),
                              stamp: Stamp(at: Date(timeIntervalSinceReferenceDate: 99), by: Address(city: "Oslo"), tags: ["x"]))
        #expect(try roundTrip(drawing) == drawing)
        let tree = try AutoArchiver.encodeTree(drawing)
        // Not JSON in a string: the payload is a nested dictionary; dates stay dates.
        #expect(tree["background"] == ["circle": ["radius": 0.5]])
        #expect(tree["stamp"]?["at"] == .date(Date(timeIntervalSinceReferenceDate: 99)))
        #expect(tree["stamp"]?["by"]?["city"] == "Oslo")
    }

    @Test func classesAndNestedStructsRoundTrip() throws {
        let company = Company(name: "Acme", people: (0..<5).map(Person.sample), orders: (0..<3).map(Order.sample))
        #expect(try roundTrip(company) == company)
    }

    @Test func subclassFieldsIncludingInheritedOnesRoundTrip() throws {
        let dog = Dog()
        dog.name = "Rex"
        dog.legs = 3
        dog.breed = "collie"
        dog.goodBoy = false
        let copy = try roundTrip(dog)
        #expect(copy.name == "Rex" && copy.legs == 3 && copy.breed == "collie" && copy.goodBoy == false)
    }

    @Test func decodesWhatFoundationPropertyListEncoderWrote() throws {
        // Cross-check with an independent writer: Foundation's Codable output reads back with us.
        let order = Order.sample(11)
        let tree = try #require(try foundationTree(order))
        #expect(try AutoArchiver.decode(Order.self, from: tree) == order)
    }
}
