import AutoCoding
import Foundation
import Testing

/// ``Garage``'s properties in a type with the `Codable` bridge: subclasses and existentials behind
/// declared types, in arrays, optionals and dictionaries.
struct BridgedGarage: AutoCodable, Codable {
    var vehicles: [Vehicle] = []
    var favorite: Vehicle = Vehicle()
    var pets: [any Pet] = []
    var mainPet: (any Pet)? = nil
    var petsByName: [String: any Pet] = [:]
}

/// Values read through the bridge as their recorded dynamic types, whichever container holds them.
@Suite struct CodableBridgePolymorphismTests {
    init() throws {
        try AutoCodingRegistry.register(Car.self, as: "test.car")
        try AutoCodingRegistry.register(Bike.self, as: "test.bike")
        try AutoCodingRegistry.register(Cat.self, as: "test.cat")
        try AutoCodingRegistry.register(Parrot.self, as: "test.parrot")
    }

    @Test func subclassesAndExistentialsRoundTripThroughJSON() throws {
        var garage = BridgedGarage()
        let car = Car()
        car.seats = 2
        garage.vehicles = [car, Bike(), Vehicle()]
        garage.favorite = Bike()
        let parrot = Parrot()
        parrot.words = ["hello"]
        garage.pets = [Cat(lives: 3), parrot]
        garage.mainPet = Cat(lives: 7)
        garage.petsByName = ["tom": Cat(lives: 1)]

        let back = try JSONDecoder().decode(BridgedGarage.self, from: try JSONEncoder().encode(garage))

        #expect(back.vehicles.count == 3)
        #expect((back.vehicles.first as? Car)?.seats == 2)
        #expect((back.vehicles.dropFirst().first as? Bike)?.wheels == 2)
        #expect(back.vehicles.last.map { type(of: $0) == Vehicle.self } == true)
        #expect(back.favorite is Bike)
        #expect(back.pets.count == 2)
        #expect(back.pets.first as? Cat == Cat(lives: 3))
        #expect((back.pets.last as? Parrot)?.words == ["hello"])
        #expect(back.mainPet as? Cat == Cat(lives: 7))
        #expect(back.petsByName["tom"] as? Cat == Cat(lives: 1))
    }
}
