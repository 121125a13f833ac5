import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing

/// Differential tests against Foundation's own NSKeyedArchiver / NSKeyedUnarchiver, in process.
@Suite struct KeyedFoundationInteropTests {
    static let valueClasses: [AnyClass] = [
        NSDictionary.self, NSArray.self, NSSet.self, NSString.self, NSNumber.self, NSDate.self, NSData.self,
        NSURL.self, NSUUID.self, NSNull.self,
    ]

    /// The class name Foundation writes for ``LegacyPerson``: "Person" where `setClassName` works,
    /// the module-qualified name on Linux, where corelibs-foundation stores the mapping under
    /// `String(describing: type(of: cls))` but looks it up under `String(reflecting: cls)`.
    static var legacyName: String {
        NSKeyedArchiver.setClassName("Person", for: LegacyPerson.self)
        return NSKeyedArchiver.classNameForClass(LegacyPerson.self) ?? NSStringFromClass(LegacyPerson.self)
    }

    private func foundationRead(_ data: Data) throws -> Any? {
        try NSKeyedUnarchiver.unarchivedObject(ofClasses: Self.valueClasses, from: data)
    }

    private func foundationWrite(_ object: Any) throws -> Data {
        try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: false)
    }

    @Test func foundationReadsOurStringsAndNumbers() throws {
        #expect(try foundationRead(KeyedArchiver().archive("héllo ✓")) as? String == "héllo ✓")
        #expect(try foundationRead(KeyedArchiver().archive(42)) as? NSNumber == NSNumber(value: 42))
        #expect(try foundationRead(KeyedArchiver().archive(-1.25)) as? NSNumber == NSNumber(value: -1.25))
        #expect(try foundationRead(KeyedArchiver().archive(true)) as? NSNumber == NSNumber(value: true))
    }

    @Test func foundationReadsOurCollectionsAsEqualObjects() throws {
        let dictionary: [String: [Int]] = ["odd": [1, 3, 5], "even": [2, 4], "none": []]
        let read = try #require(try foundationRead(KeyedArchiver().archive(dictionary)) as? NSDictionary)
        #expect(read.isEqual(to: dictionary as [String: Any]))
        let set: Set<String> = ["a", "b", "c"]
        let readSet = try #require(try foundationRead(KeyedArchiver().archive(set)) as? NSSet)
        #expect(readSet.isEqual(to: set))
        let nested: [[String: String]] = [["k": "v"], [:]]
        let readNested = try #require(try foundationRead(KeyedArchiver().archive(nested)) as? NSArray)
        #expect(readNested.isEqual(to: nested))
    }

    @Test func foundationReadsOurDatesDataURLsAndUUIDs() throws {
        let date = Date(timeIntervalSinceReferenceDate: 700_000_000.25)
        #expect(try foundationRead(KeyedArchiver().archive(date)) as? Date == date)
        let data = Data([0, 1, 2, 254, 255])
        #expect(try foundationRead(KeyedArchiver().archive(data)) as? Data == data)
        let url = try #require(URL(string: "https://example.com/path?q=1#frag"))
        #expect(try foundationRead(KeyedArchiver().archive(url)) as? URL == url)
        let relative = try #require(URL(string: "sub/file.txt", relativeTo: URL(string: "https://example.com/base/")))
        let readRelative = try #require(try foundationRead(KeyedArchiver().archive(relative)) as? URL)
        #expect(readRelative.absoluteString == relative.absoluteString)
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try foundationRead(KeyedArchiver().archive(uuid)) as? UUID == uuid)
    }

    @Test func foundationReadsAMixedDocumentEqualToTheSwiftValue() throws {
        let uuid = UUID()
        let document: [String: Any] = [
            "title": "report", "count": 3, "ratio": 0.5, "done": false,
            "when": Date(timeIntervalSinceReferenceDate: 10), "blob": Data([9, 8]),
            "link": URL(fileURLWithPath: "/tmp/x"), "id": uuid, "items": ["a", 1, 2.5] as [Any],
        ]
        let read = try #require(try foundationRead(KeyedArchiver().archive(document)) as? NSDictionary)
        #expect(read.count == document.count)
        for (key, value) in document {
            #expect((read[key] as? NSObject)?.isEqual(value) == true, "\(key): \(String(describing: read[key])) vs \(value)")
        }
    }

    @Test func weReadFoundationsValueArchives() throws {
        let uuid = UUID()
        let source: NSDictionary = [
            "s": "text", "i": 7, "r": 2.5, "b": true, "d": NSDate(timeIntervalSinceReferenceDate: 99),
            "data": NSData(bytes: [1, 2, 3] as [UInt8], length: 3), "url": NSURL(string: "https://a.example/b")!,
            "uuid": uuid as NSUUID, "null": NSNull(), "set": NSSet(array: ["x"]),
            "m": NSMutableArray(array: ["y", 3]), "ms": NSMutableString(string: "mutable"),
        ]
        let graph = try KeyedUnarchiver.graph(from: foundationWrite(source))
        guard case .dictionary(let entries) = graph.root else { Issue.record("root is \(graph.root)"); return }
        var byKey: [String: KeyedValue] = [:]
        for entry in entries { if case .string(let key) = entry.key { byKey[key] = entry.value } }
        #expect(byKey["s"] == .string("text"))
        #expect(byKey["i"] == .integer(7))
        #expect(byKey["r"] == .real(2.5))
        #expect(byKey["b"] == .bool(true))
        #expect(byKey["d"] == .date(Date(timeIntervalSinceReferenceDate: 99)))
        #expect(byKey["data"] == .data(Data([1, 2, 3])))
        #expect(byKey["url"] == .url(URL(string: "https://a.example/b")!))
        #expect(byKey["uuid"] == .uuid(uuid))
        #expect(byKey["null"] == .null)
        #expect(byKey["set"] == .set([.string("x")]))
        #expect(byKey["m"] == .array([.string("y"), .integer(3)]))
        #expect(byKey["ms"] == .string("mutable"))
        #expect(graph.objects.isEmpty)
    }

    @Test func orderedSetsWrittenWithNumberedKeysAreRead() throws {
        let ordered = NSOrderedSet(array: ["z", "a", NSNumber(value: 3)])
        let data = try foundationWrite(NSDictionary(dictionary: ["ordered": ordered, "empty": NSOrderedSet()]))
        let graph = try KeyedUnarchiver.graph(from: data)
        guard case .dictionary(let entries) = graph.root else { Issue.record("root is \(graph.root)"); return }
        let byKey = Dictionary(uniqueKeysWithValues: entries.compactMap { entry -> (String, KeyedValue)? in
            guard case .string(let key) = entry.key else { return nil }
            return (key, entry.value)
        })
        #expect(byKey["ordered"] == .array([.string("z"), .string("a"), .integer(3)]))
        #expect(byKey["empty"] == .array([]))
        let typed = try KeyedUnarchiver().unarchive([String: [Any]].self, from: data)
        #expect(typed["ordered"]?.count == 3)
    }

    @Test func weReadFoundationsArchivesIntoTypedSwiftValues() throws {
        let source: NSDictionary = ["a": [1, 2], "b": []]
        let typed = try KeyedUnarchiver().unarchive([String: [Int]].self, from: foundationWrite(source))
        #expect(typed == ["a": [1, 2], "b": []])
        let dates = [NSDate(timeIntervalSinceReferenceDate: 1), NSDate(timeIntervalSinceReferenceDate: 2)]
        let readDates = try KeyedUnarchiver().unarchive([Date].self, from: foundationWrite(dates))
        #expect(readDates == [Date(timeIntervalSinceReferenceDate: 1), Date(timeIntervalSinceReferenceDate: 2)])
        let uuid = UUID()
        #expect(try KeyedUnarchiver().unarchive(UUID.self, from: foundationWrite(uuid as NSUUID)) == uuid)
    }

    @Test func seedStyleNSCodingClassesBecomeAutoCodableTypesWithSharingAndCycles() throws {
        let ada = LegacyPerson()
        ada.name = "Ada"
        ada.age = 36
        ada.member = true
        ada.tags = ["math", "poetry"]
        let charles = LegacyPerson()
        charles.name = "Charles"
        charles.age = 79
        ada.friend = charles
        charles.friend = ada
        defer { charles.friend = nil }
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        NSKeyedArchiver.setClassName("Person", for: LegacyPerson.self)
        archiver.encode([ada, charles, ada] as NSArray, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()

        var names = KeyedClassNames()
        names.map(Self.legacyName, to: MigratedPerson.self)
        let people = try KeyedUnarchiver(allowing: [MigratedPerson.self], classNames: names)
            .unarchive([MigratedPerson].self, from: archiver.encodedData)
        defer { people.forEach { $0.friend = nil } }
        #expect(people.map(\.name) == ["Ada", "Charles", "Ada"])
        #expect(people[0] === people[2])
        #expect(people[0].friend === people[1])
        #expect(people[1].friend === people[0])
        #expect(people[0].age == 36)
        #expect(people[0].member)
        #expect(people[1].member == false)
        #expect(people[0].tags == ["math", "poetry"])
    }

    @Test func foundationReadsOurClassGraphIntoNSCodingClassesWithSharing() throws {
        // No cycle here: Foundation on Linux cannot rebuild cycles through Swift `init?(coder:)`.
        let ada = MigratedPerson()
        ada.name = "Ada"
        ada.age = 36
        ada.member = true
        let charles = MigratedPerson()
        charles.name = "Charles"
        charles.friend = ada
        var names = KeyedClassNames()
        names.setName("Person", for: MigratedPerson.self)
        let data = try KeyedArchiver(classNames: names).archive([ada, charles, ada])
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        unarchiver.setClass(ModernPerson.self, forClassName: "Person")
        let read = try #require(unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? [ModernPerson])
        #expect(read.map(\.name) == ["Ada", "Charles", "Ada"])
        #expect(read[0] === read[2])
        #expect(read[1].friend === read[0])
        #expect(read[0].age == 36)
        #expect(read[0].member)
        #expect(read[0].friend == nil)
    }

    @Test func foundationArchivesOfUnknownClassesAreReadAsObjectsNotInstantiated() throws {
        let person = LegacyPerson()
        person.name = "Grace"
        person.friend = person
        defer { person.friend = nil }
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        NSKeyedArchiver.setClassName("Person", for: LegacyPerson.self)
        archiver.encode(person, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        let graph = try KeyedUnarchiver.graph(from: archiver.encodedData)
        guard case .object(let index) = graph.root, let object = graph.objects[index] else {
            Issue.record("root is \(graph.root)")
            return
        }
        #expect(object.className == Self.legacyName)
        #expect(object["name"] == .string("Grace"))
        #expect(object["friend"] == .object(index))
        #expect(object["age"] == .integer(0))
        #expect(graph.referenceCounts()[index] == 2)
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver().unarchive(MigratedPerson?.self, from: archiver.encodedData)
        }
        #expect(error.kind == .disallowedClass)
        #expect(error.objectIndex == index)
    }
}
