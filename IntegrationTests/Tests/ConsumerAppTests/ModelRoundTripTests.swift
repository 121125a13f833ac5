import Archivist
import ConsumerApp
import Foundation
import Testing

/// The app's everyday model shapes round-trip: structs, raw-value enums, a recursive `Codable`
/// enum, a linked list and a class hierarchy.
@Suite struct ModelRoundTripTests {
    init() throws {
        try registerArchivedTypes()
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func structsAndRawValueEnumsRoundTrip(_ format: PropertyListFormat) throws {
        var place = Coordinates()
        place.latitude = 38.7223
        place.longitude = -9.1393
        place.label = "Lisboa"
        #expect(try AutoArchiver.unarchive(Coordinates.self, from: AutoArchiver.archive(place, format: format)) == place)
        var survey = Survey()
        survey.priority = .low
        let tree = try AutoArchiver.encodeTree(survey)
        #expect(tree["priority"] == 1)
        #expect(try AutoArchiver.unarchive(Survey.self, from: AutoArchiver.archive(survey, format: format)).priority == .low)
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func aRecursiveCodableEnumRoundTrips(_ format: PropertyListFormat) throws {
        var formula = Formula()
        formula.name = "f"
        formula.expression = .add(.number(2), .negate(.add(.number(3), .number(-4))))
        let copy = try AutoArchiver.unarchive(Formula.self, from: AutoArchiver.archive(formula, format: format))
        #expect(copy.expression == formula.expression)
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func aLinkedListRoundTrips(_ format: PropertyListFormat) throws {
        let head = Node()
        head.next = Node()
        head.next?.value = 2
        head.next?.next = Node()
        head.next?.next?.value = 3
        let copy = try AutoArchiver.unarchive(Node.self, from: AutoArchiver.archive(head, format: format))
        #expect(copy.value == 0 && copy.next?.value == 2 && copy.next?.next?.value == 3 && copy.next?.next?.next == nil)
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func subclassesRoundTripBehindABaseClassProperty(_ format: PropertyListFormat) throws {
        let bike = Bicycle()
        bike.name = "commuter"
        bike.gears = 8
        let car = Vehicle()
        car.name = "car"
        var garage = Garage()
        garage.vehicles = [car, bike]
        let data = try AutoArchiver.archive(garage, format: format)
        #expect(try PropertyListValue(from: data)["vehicles"]?[1]?["$type"] == "app.bicycle")
        let copy = try AutoArchiver.unarchive(Garage.self, from: data)
        #expect(type(of: copy.vehicles[0]) == Vehicle.self)
        let copiedBike = try #require(copy.vehicles[1] as? Bicycle)
        #expect(copiedBike.name == "commuter" && copiedBike.gears == 8 && copiedBike.wheels == 2)
        // A subclass at the root reads back as itself and as its (registered) base class's type.
        let root = try AutoArchiver.archive(bike, format: format)
        #expect(try AutoArchiver.unarchive(Bicycle.self, from: root).gears == 8)
        #expect(try AutoArchiver.unarchive(Vehicle.self, from: root) is Bicycle)
    }
}
