import Archivist
import Foundation
import Testing

/// The README's keyed-archive example, as written there (through the umbrella module).
final class ReadmePerson: AutoCodable {
    var name = ""
    var friend: ReadmePerson?   // may form cycles
    required init() {}
}

@Suite struct KeyedReadmeExampleTests {
    @Test func theReadmeExampleWorksAsWritten() throws {
        let ada = ReadmePerson()
        ada.name = "Ada"
        let charles = ReadmePerson()
        charles.name = "Charles"
        ada.friend = charles
        charles.friend = ada
        defer { charles.friend = nil }

        let data = try KeyedArchiver().archive([ada, charles, ada])
        let people = try KeyedUnarchiver(allowing: [ReadmePerson.self]).unarchive([ReadmePerson].self, from: data)
        defer { people[1].friend = nil }
        #expect(people[0] === people[2])
        #expect(people[0].friend === people[1])
        #expect(people[1].friend === people[0])

        // An archive whose objects are named "Person", as an Objective-C app wrote them.
        var oldNames = KeyedClassNames()
        oldNames.setName("Person", for: ReadmePerson.self)
        let oldData = try KeyedArchiver(classNames: oldNames).archive([ada])

        var names = KeyedClassNames()
        names.map("Person", to: ReadmePerson.self)   // the old $classname
        let legacy = try KeyedUnarchiver(allowing: [ReadmePerson.self], classNames: names)
            .unarchive([ReadmePerson].self, from: oldData)
        defer { legacy.first?.friend?.friend = nil }
        #expect(legacy.map(\.name) == ["Ada"])
        #expect(legacy[0].friend?.friend === legacy[0])
        #expect(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver(allowing: [ReadmePerson.self]).unarchive([ReadmePerson].self, from: oldData)
        }

        let tree = try KeyedUnarchiver.graph(from: data).treeDescription()
        #expect(tree.hasPrefix("keyed archive (NSKeyedArchiver), 2 custom objects\nroot: array (3)\n"))
    }
}
