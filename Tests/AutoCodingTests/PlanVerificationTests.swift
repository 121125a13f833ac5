import AutoCoding
import Foundation
import PropertyList
import Testing

/// The offset-based fast path must archive exactly what the `Mirror` reference path archives.
@Suite struct PlanVerificationTests {
    private func expectFastPathMatchesMirror<T: AutoCodable>(_ value: T) throws {
        #expect(try AutoArchiver.layoutProblem(of: T.self) == nil, "\(T.self) fell back to Mirror")
        let fast = try AutoArchiver.encodeTree(value)
        let reference = try AutoArchiver.referenceTree(value)
        #expect(identical(fast, reference), "\(T.self): fast \(fast) vs Mirror \(reference)")
        // Byte for byte: the archive written from offsets against the Mirror tree's documents.
        #expect(try AutoArchiver.archive(value, format: .xml) == XMLPropertyListWriter().write(reference), "\(T.self) XML")
        let binary = try AutoArchiver.archive(value, format: .binary)
        #expect(identical(try BinaryPropertyListReader().read(binary), reference), "\(T.self) binary")
    }

    @Test func everyTestTypeArchivesIdenticallyThroughOffsetsAndMirror() throws {
        try expectFastPathMatchesMirror(Scalars.sample)
        try expectFastPathMatchesMirror(Scalars())
        try expectFastPathMatchesMirror(Collections.sample)
        try expectFastPathMatchesMirror(Optionals())
        try expectFastPathMatchesMirror(Person.sample(3))
        try expectFastPathMatchesMirror(Order.sample(2))
        try expectFastPathMatchesMirror(Company(name: "c", people: [.sample(1)], orders: [.sample(5)]))
        try expectFastPathMatchesMirror(Box<Int>(label: "b", content: 4, history: [1, 2]))
        try expectFastPathMatchesMirror(Box<Address>(label: "a", content: Address(), history: []))
        try expectFastPathMatchesMirror(Drawing(title: "d", shapes: [.circle(radius: 1), .empty], background: .polygon([1])))
        try expectFastPathMatchesMirror(WithLets(id: 3, name: "x"))
        try expectFastPathMatchesMirror(ClassWithLets(id: 9, tags: ["a"]))
        try expectFastPathMatchesMirror(Wrapped.sample)
        let dog = Dog()
        dog.name = "Rex"
        dog.breed = "collie"
        try expectFastPathMatchesMirror(dog)
        let node = Node()
        node.next = Node()
        try expectFastPathMatchesMirror(node)
    }

    @Test func subclassPlanListsSuperclassPropertiesFirst() throws {
        let names = try AutoArchiver.properties(of: Dog.self).map(\.name)
        #expect(names == ["name", "legs", "breed", "goodBoy"])
        let mirrorNames = Mirror(reflecting: Dog()).superclassMirror!.children.compactMap(\.label)
            + Mirror(reflecting: Dog()).children.compactMap(\.label)
        #expect(names == mirrorNames)
    }

    @Test func propertiesReportDeclaredTypesInDeclarationOrder() throws {
        let properties = try AutoArchiver.properties(of: LineItem.self)
        #expect(properties.map(\.name) == ["sku", "qty", "price"])
        #expect(properties.map(\.key) == ["sku", "qty", "price"])
        #expect(ObjectIdentifier(properties[1].type) == ObjectIdentifier(Int.self))
    }

    @Test func treeMatchesWhatFoundationsPropertyListEncoderWritesThroughTheCodableBridge() throws {
        // The model types declare `AutoCodable, Codable`, so Foundation's encoder runs their bridged
        // `Codable` (synthesized twins are the oracle in CodableBridgeTests). Our archives add the
        // root's type record; both write `nil` as "$null" (the bridge calls `encodeNil`, which
        // Foundation's encoder spells so), compared here without it.
        func withoutTypeRecord(_ tree: PropertyListValue) -> PropertyListValue {
            switch tree {
            case .dictionary(let entries):
                var kept = PropertyListDictionary()
                for (key, value) in entries where key != "$type" && value != "$null" {
                    kept.updateValue(withoutTypeRecord(value), forKey: key)
                }
                return .dictionary(kept)
            case .array(let items):
                return .array(items.map(withoutTypeRecord))
            default:
                return tree
            }
        }
        let person = Person.sample(6)
        let foundationPerson = try #require(try foundationTree(person))
        #expect(try withoutTypeRecord(foundationPerson) == withoutTypeRecord(AutoArchiver.encodeTree(person)))
        let order = Order.sample(7)
        let foundationOrder = try #require(try foundationTree(order))
        #expect(try withoutTypeRecord(foundationOrder) == withoutTypeRecord(AutoArchiver.encodeTree(order)))
    }
}
