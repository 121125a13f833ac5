import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing

/// A type registered with AutoCodingRegistry, used only by these tests.
final class RegisteredThing: AutoCodable {
    var value = 0
    required init() {}
}

/// A type whose archives were written under older names.
final class RenamedThing: AutoCodable {
    var value = 0
    required init() {}
}

/// Two types with the same unqualified name.
enum FirstScope {
    final class Twin: AutoCodable {
        var value = 0
        required init() {}
    }
}

enum SecondScope {
    final class Twin: AutoCodable {
        var value = 0
        required init() {}
    }
}

/// Where `$classname` comes from, and which names are read.
@Suite struct KeyedClassNamesTests {
    @Test func theDefaultIsTheUnqualifiedTypeName() {
        #expect(KeyedClassNames().name(for: GraphNode.self) == "GraphNode")
    }

    @Test func anAutoCodingRegistryNameIsUsedWhenThereIsOne() throws {
        try AutoCodingRegistry.register(RegisteredThing.self, as: "thing.registered")
        #expect(KeyedClassNames().name(for: RegisteredThing.self) == "thing.registered")
        var names = KeyedClassNames()
        names.setName("Override", for: RegisteredThing.self)
        #expect(names.name(for: RegisteredThing.self) == "Override")
    }

    @Test func setNamesAreWrittenAndReadBack() throws {
        var names = KeyedClassNames()
        names.setName("Thing", for: RenamedThing.self)
        let thing = RenamedThing()
        thing.value = 3
        let plist = try KeyedArchiver(classNames: names).archivedPropertyList(thing)
        let objects = try #require(plist.dictionaryValue?["$objects"]?.arrayValue)
        #expect(objects.contains { $0.dictionaryValue?["$classname"] == "Thing" })
        let copy = try KeyedUnarchiver(classNames: names).unarchive(RenamedThing.self, fromPropertyList: plist)
        #expect(copy.value == 3)
        // Without the name, "Thing" is no allowed type's name.
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver().unarchive(RenamedThing.self, fromPropertyList: plist)
        }
        #expect(error.kind == .disallowedClass)
    }

    @Test func legacyAndModuleQualifiedNamesAreRead() throws {
        for legacy in ["OldModule.Thing", "LegacyThing", String(reflecting: RenamedThing.self)] {
            var objects = HandMadeArchive.node(label: 4)
            objects[1] = ["$class": .uid(2), "value": 4]
            objects[2] = HandMadeArchive.classDescription(legacy)
            var names = KeyedClassNames()
            names.map("OldModule.Thing", to: RenamedThing.self)
            names.map("LegacyThing", to: RenamedThing.self)
            let thing = try KeyedUnarchiver(classNames: names)
                .unarchive(RenamedThing.self, from: HandMadeArchive.data(HandMadeArchive.document(objects)))
            #expect(thing.value == 4, "\(legacy)")
        }
    }

    @Test func twoAllowedTypesWithOneNameAreAConflictUntilRenamed() throws {
        let data = try KeyedArchiver().archive([FirstScope.Twin()])
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver(allowing: [FirstScope.Twin.self, SecondScope.Twin.self]).unarchive([FirstScope.Twin].self, from: data)
        }
        #expect(error.kind == .classNameConflict)
        var names = KeyedClassNames()
        names.setName("SecondTwin", for: SecondScope.Twin.self)
        let read = try KeyedUnarchiver(allowing: [FirstScope.Twin.self, SecondScope.Twin.self], classNames: names)
            .unarchive([FirstScope.Twin].self, from: data)
        #expect(read.count == 1)
    }

    @Test func archivesNeverWriteTwoTypesUnderOneName() throws {
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedArchiver().archive([FirstScope.Twin(), SecondScope.Twin()] as [Any])
        }
        #expect(error.kind == .classNameConflict)
        var names = KeyedClassNames()
        names.setName("NSArray", for: RenamedThing.self)
        let foundationName = try #require(throws: KeyedArchiveError.self) {
            try KeyedArchiver(classNames: names).archive(RenamedThing())
        }
        #expect(foundationName.kind == .classNameConflict)
    }
}
