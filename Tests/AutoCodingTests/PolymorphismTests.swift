import AutoCoding
import Foundation
import PropertyList
import Testing

class Vehicle: AutoCodable {
    var wheels = 4
    required init() {}
}

final class Car: Vehicle {
    var seats = 5
    required init() {}
}

final class Bike: Vehicle {
    var bell = true
    required init() {
        super.init()
        wheels = 2
    }
}

final class Tank: Vehicle {
    var armor = 9
    required init() {}
}

protocol Pet {}

struct Cat: AutoCodable, Pet, Equatable {
    var lives = 9
}

final class Parrot: AutoCodable, Pet {
    var words: [String] = []
    required init() {}
}

struct Goldfish: AutoCodable, Pet {
    var bowl = "round"
}

struct Garage: AutoCodable {
    var vehicles: [Vehicle] = []
    var favorite: Vehicle = Vehicle()
    var pets: [any Pet] = []
    var mainPet: (any Pet)? = nil
}

/// A `Tank` behind its base class, out of the optimizer's sight.
@inline(never) private func tankAsVehicle() -> Vehicle {
    let tank = Tank()
    tank.armor = 12
    return tank
}

/// The type the generic parameter is bound to when `type` is opened.
@inline(never) private func openedType<T: AutoCodable>(_ type: T.Type) -> Any.Type { T.self }

/// The tree of `vehicle` archived as `T`.
private func archivedTree<T: AutoCodable>(of vehicle: Vehicle, as _: T.Type) throws -> PropertyListValue {
    try AutoArchiver.encodeTree(try #require(vehicle as? T))
}

/// Class-typed and existential properties round-trip as their registered dynamic types.
@Suite struct PolymorphismTests {
    init() throws {
        try AutoCodingRegistry.register(Car.self, as: "test.car")
        try AutoCodingRegistry.register(Bike.self, as: "test.bike")
        try AutoCodingRegistry.register(Cat.self, as: "test.cat")
        try AutoCodingRegistry.register(Parrot.self, as: "test.parrot")
    }

    @Test func registeredSubclassesRoundTripAsTheirDynamicType() throws {
        var garage = Garage()
        let car = Car()
        car.seats = 2
        garage.vehicles = [car, Bike(), Vehicle()]
        garage.favorite = Bike()
        let tree = try AutoArchiver.encodeTree(garage)
        #expect(tree["vehicles"]?[0]?["$type"] == "test.car")
        #expect(tree["vehicles"]?[2]?["$type"] == nil) // the declared type itself needs no tag
        let copy = try AutoArchiver.decode(Garage.self, from: tree)
        #expect((copy.vehicles[0] as? Car)?.seats == 2)
        #expect((copy.vehicles[1] as? Bike)?.wheels == 2)
        #expect(type(of: copy.vehicles[2]) == Vehicle.self)
        #expect(copy.favorite is Bike)
    }

    @Test func existentialsOfRegisteredTypesRoundTrip() throws {
        var garage = Garage()
        let parrot = Parrot()
        parrot.words = ["hello"]
        garage.pets = [Cat(lives: 3), parrot]
        garage.mainPet = Cat(lives: 1)
        let copy = try AutoArchiver.decode(Garage.self, from: AutoArchiver.encodeTree(garage))
        #expect(copy.pets.count == 2)
        #expect((copy.pets[0] as? Cat)?.lives == 3)
        #expect((copy.pets[1] as? Parrot)?.words == ["hello"])
        #expect((copy.mainPet as? Cat) == Cat(lives: 1))
    }

    @Test func unregisteredSubclassIsAnEncodeErrorNamingTypeAndPath() throws {
        var garage = Garage()
        garage.vehicles = [Car(), Tank()]
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.encodeTree(garage) }
        #expect(error.kind == .unregisteredType)
        #expect(error.pathDescription == "Garage.vehicles[1]")
        #expect(error.found == "Tank")
        #expect(error.description.contains("Tank"))
    }

    @Test func unregisteredExistentialIsAnEncodeError() throws {
        var garage = Garage()
        garage.mainPet = Goldfish()
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.encodeTree(garage) }
        #expect(error.kind == .unregisteredType)
        #expect(error.pathDescription == "Garage.mainPet")
    }

    @Test func unknownTypeNameInAnArchiveIsADecodeError() throws {
        let tree: PropertyListValue = ["vehicles": [["$type": "test.spaceship", "wheels": 0]]]
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.decode(Garage.self, from: tree) }
        #expect(error.kind == .unknownTypeName)
        #expect(error.pathDescription == "Garage.vehicles[0]")
    }

    @Test func typeNameOfAnUnrelatedTypeIsRejected() throws {
        let tree: PropertyListValue = ["favorite": ["$type": "test.cat", "lives": 2]]
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.decode(Garage.self, from: tree) }
        #expect(error.kind == .unknownTypeName)
        #expect(error.description.contains("not a Vehicle"))
    }

    /// How `SavableObject` archives itself as its dynamic class: an `any AutoCodable.Type` cast at
    /// run time from `Any.Type` opens as the subclass, in -O builds too (where erasing a class-typed
    /// `type(of:)` directly is miscompiled to open as the static class).
    @Test func aSubclassMetatypeCastFromAnyTypeOpensAsTheSubclass() throws {
        let vehicle = tankAsVehicle()
        let runtimeType: Any.Type = type(of: vehicle)
        let dynamicType = try #require(runtimeType as? any AutoCodable.Type)
        #expect(ObjectIdentifier(openedType(dynamicType)) == ObjectIdentifier(Tank.self))
        // Archived as Tank itself: no registration needed, the subclass's property included.
        let tree = try archivedTree(of: vehicle, as: dynamicType)
        #expect(tree["armor"] == 12)
        #expect(tree["wheels"] == 4)
        // The root records its type (its stable spelling: Tank is not registered).
        #expect(tree["$type"] == "Tank")
    }

    @Test func conflictingRegistrationsAreRejected() throws {
        #expect(throws: AutoCodingError.self) { try AutoCodingRegistry.register(Tank.self, as: "test.car") }
        #expect(throws: AutoCodingError.self) { try AutoCodingRegistry.register(Car.self, as: "test.other-car") }
        try AutoCodingRegistry.register(Car.self, as: "test.car") // same pair again: fine
        #expect(AutoCodingRegistry.name(of: Car.self) == "test.car")
        #expect(AutoCodingRegistry.type(named: "test.bike") == Bike.self)
    }
}
