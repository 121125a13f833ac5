import AutoCoding
import Foundation
import Testing

private struct PlainStruct { var a: Int8 = 1; var b = "two"; var c = 3.0 }
private class BaseClass { var base = 1 }
private final class DerivedClass: BaseClass { var derived = "d" }
private struct GenericStruct<T> { var first: T; var second: [T] }
private enum Choice { case a, b(Int) }
private protocol Marker {}

final class Tracked {
    nonisolated(unsafe) static var live = 0
    init() { Tracked.live += 1 }
    deinit { Tracked.live -= 1 }
}

private struct HoldsObject { var object = Tracked(); var number = 0 }

/// The runtime metadata layer, one test per kind of type.
@Suite(.serialized) struct MetadataTests {
    @Test func structFieldsComeInDeclarationOrderWithOffsets() throws {
        let fields = try #require(FieldLayout.fields(of: PlainStruct.self, isClass: false))
        #expect(fields.map(\.name) == ["a", "b", "c"])
        #expect(fields.map(\.offset) == [0, MemoryLayout<PlainStruct>.offset(of: \.b)!, MemoryLayout<PlainStruct>.offset(of: \.c)!])
        #expect(ObjectIdentifier(fields[1].type) == ObjectIdentifier(String.self))
    }

    @Test func classFieldsIncludeTheHeaderAndSuperclassFieldsFirst() throws {
        let fields = try #require(FieldLayout.fields(of: DerivedClass.self, isClass: true))
        #expect(fields.map(\.name) == ["base", "derived"])
        #expect(fields[0].offset >= 2 * MemoryLayout<Int>.size) // isa + refcount header
        #expect(fields[1].offset > fields[0].offset)
    }

    @Test func optionalAndGenericFieldsReportTheirConcreteTypes() throws {
        let fields = try #require(FieldLayout.fields(of: GenericStruct<Int?>.self, isClass: false))
        #expect(fields.map(\.name) == ["first", "second"])
        #expect(ObjectIdentifier(fields[0].type) == ObjectIdentifier(Int?.self))
        #expect(ObjectIdentifier(fields[1].type) == ObjectIdentifier([Int?].self))
    }

    @Test func enumsAreNotStructsAndExistentialsAreRecognized() {
        #expect(!FieldLayout.isStruct(Choice.self))
        #expect(FieldLayout.isStruct(PlainStruct.self))
        #expect(FieldLayout.isExistential((any Marker).self))
        #expect(FieldLayout.isExistential(Any.self))
        #expect(FieldLayout.isExistential(AnyObject.self))
        #expect(!FieldLayout.isExistential(Int?.self))
        #expect(!FieldLayout.isExistential(BaseClass.self))
        #expect(FieldLayout.isClass(BaseClass.self) && !FieldLayout.isClass(PlainStruct.self))
    }

    @Test func structMemoryReadsAndWritesTypedFields() throws {
        var value = PlainStruct()
        let fields = try #require(FieldLayout.fields(of: PlainStruct.self, isClass: false))
        InstanceMemory.withMutableValue(&value) { memory in
            #expect(memory.read(String.self, at: fields[1].offset) == "two")
            memory.write("twenty-two", at: fields[1].offset)
            memory.write(Int8(-5), at: fields[0].offset)
        }
        #expect(value.b == "twenty-two" && value.a == -5)
    }

    @Test func objectMemoryWritesReleaseTheOldReferenceAndRetainTheNew() throws {
        let before = Tracked.live
        do {
            var holder = HoldsObject()
            let fields = try #require(FieldLayout.fields(of: HoldsObject.self, isClass: false))
            #expect(Tracked.live == before + 1)
            InstanceMemory.withMutableValue(&holder) { memory in
                memory.write(Tracked(), at: fields[0].offset)
            }
            #expect(Tracked.live == before + 1) // the replaced object was released
            withExtendedLifetime(holder) {}
        }
        #expect(Tracked.live == before) // and the new one is released with its holder
    }

    @Test func classMemoryWritesLandInTheObject() throws {
        let object = DerivedClass()
        let fields = try #require(FieldLayout.fields(of: DerivedClass.self, isClass: true))
        InstanceMemory.withObject(object) { memory in
            memory.write(41, at: fields[0].offset)
            memory.write("changed", at: fields[1].offset)
        }
        #expect(object.base == 41 && object.derived == "changed")
    }

    @Test func objectOfAGenericClassValueIsTheInstanceAndIsBalanced() {
        let before = Tracked.live
        do {
            let tracked = Tracked()
            let derived = DerivedClass()
            let trackedIdentity = ObjectIdentifier(genericObject(of: tracked))
            let derivedIdentity = ObjectIdentifier(genericObject(of: derived))
            #expect(trackedIdentity == ObjectIdentifier(tracked))
            #expect(derivedIdentity == ObjectIdentifier(derived))
        }
        #expect(Tracked.live == before) // the reference it returned was released like any other
    }
}

/// ``InstanceMemory/object(of:)`` where the value's type is a generic parameter, as in the coders.
private func genericObject<T>(of value: T) -> AnyObject { InstanceMemory.object(of: value) }
