import AutoCoding
import Foundation
import PropertyList
import Testing

/// `let` properties are archived and restored like `var` ones.
@Suite struct LetPropertyTests {
    @Test func structLetPropertiesAreRestored() throws {
        let value = WithLets(id: 42, name: "answer")
        let copy = try AutoArchiver.decode(WithLets.self, from: AutoArchiver.encodeTree(value))
        #expect(copy == value)
        #expect(copy.id == 42 && copy.name == "answer")
    }

    @Test func classLetPropertiesAreRestored() throws {
        let value = ClassWithLets(id: 7, tags: ["a", "b"])
        let copy = try AutoArchiver.decode(ClassWithLets.self, from: AutoArchiver.encodeTree(value))
        #expect(copy.id == 7)
        #expect(copy.tags == ["a", "b"])
    }

    @Test func foundationCodableCannotDoThisWithoutCustomCode() throws {
        // Reference point: with synthesized Codable a `let` with a default is never decoded.
        struct Fixed: Codable { var x = 1; let y = 2 }
        let data = try foundationData(["x": 5, "y": 9])
        #expect(try PropertyListDecoder().decode(Fixed.self, from: data).y == 2)
    }
}
