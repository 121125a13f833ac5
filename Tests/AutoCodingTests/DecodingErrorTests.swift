import AutoCoding
import Foundation
import PropertyList
import Testing

struct Narrow: AutoCodable {
    var small: UInt8 = 0
    var signed: Int8 = 0
    var count: UInt = 0
    var status: Status = .open
    var link = URL(fileURLWithPath: "/")
    var id = UUID()
}

/// Wrong archives fail with the full path and what was expected and found; nothing is truncated.
@Suite struct DecodingErrorTests {
    private func orderTree(lines: Int) throws -> PropertyListValue {
        let order = Order.sample(1)
        order.lines = (0..<lines).map { LineItem(sku: "s\($0)", qty: $0, price: 1) }
        return try AutoArchiver.encodeTree(order)
    }

    @Test func typeMismatchNamesTheFullPathAndBothKinds() throws {
        let tree = try orderTree(lines: 5).replacing(["lines", 3, "qty"], with: "three")
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.decode(Order.self, from: tree) }
        #expect(error.description == "Order.lines[3].qty: expected integer, found string")
        #expect(error.kind == .typeMismatch)
        #expect(error.expected == "integer" && error.found == "string")
        #expect(error.path == [.property("lines"), .index(3), .property("qty")])
    }

    @Test func mismatchInsideDictionariesNamesTheKey() throws {
        let tree = try orderTree(lines: 1).replacing(["notes", "gift"], with: 1)
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.decode(Order.self, from: tree) }
        #expect(error.description == "Order.notes[\"gift\"]: expected string, found integer")
    }

    @Test func nestedStructMismatchNamesEveryLevel() throws {
        let tree = try orderTree(lines: 0).replacing(["customer", "address", "lat"], with: "north")
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.decode(Order.self, from: tree) }
        #expect(error.pathDescription == "Order.customer.address.lat")
        #expect(error.expected == "real")
    }

    @Test func integersThatDoNotFitAreErrorsNotTruncations() throws {
        for (key, value) in [("small", 300), ("signed", -129), ("count", -1)] as [(String, Int64)] {
            let tree: PropertyListValue = .dictionary([key: .integer(PropertyListInteger(value))])
            let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.decode(Narrow.self, from: tree) }
            #expect(error.kind == .integerOutOfRange)
            #expect(error.pathDescription == "Narrow.\(key)")
        }
        let big: PropertyListValue = ["count": .integer(PropertyListInteger(UInt64.max))]
        #expect(try AutoArchiver.decode(Narrow.self, from: big).count == UInt.max)
    }

    @Test func unknownEnumRawValueIsAnInvalidValue() throws {
        let error = try #require(throws: AutoCodingError.self) {
            try AutoArchiver.decode(Narrow.self, from: ["status": "lost"])
        }
        #expect(error.kind == .invalidValue)
        #expect(error.description == "Narrow.status: Status has no value for raw value \"lost\"")
    }

    @Test func malformedUUIDIsAnInvalidValue() throws {
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.decode(Narrow.self, from: ["id": "nope"]) }
        #expect(error.kind == .invalidValue && error.pathDescription == "Narrow.id")
    }

    @Test func rootThatIsNotADictionaryIsAMismatch() throws {
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.decode(Narrow.self, from: [1, 2]) }
        #expect(error.description == "Narrow: expected dictionary, found array")
    }

    @Test func codableBridgeErrorsCarryTheInnerPath() throws {
        let tree: PropertyListValue = ["shapes": [["circle": ["radius": "wide"]]]]
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.decode(Drawing.self, from: tree) }
        #expect(error.pathDescription == "Drawing.shapes[0].circle.radius")
        #expect(error.kind == .typeMismatch)
    }

    @Test func failedDecodeLeavesNoPartialValueBehind() throws {
        // The whole decode throws; there is no half-written instance to observe.
        let tree = try orderTree(lines: 2).replacing(["lines", 1, "price"], with: true)
        #expect(throws: AutoCodingError.self) { try AutoArchiver.decode(Order.self, from: tree) }
    }
}
