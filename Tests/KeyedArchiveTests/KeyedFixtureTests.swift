import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing
import TestSupport

/// Archives written by Foundation's NSKeyedArchiver (Scripts/make_keyed_fixtures.swift) read back.
@Suite struct KeyedFixtureTests {
    private func entries(of graph: KeyedArchiveGraph) throws -> [String: KeyedValue] {
        guard case .dictionary(let entries) = graph.root else { throw KeyedArchiveError(.typeMismatch, "root \(graph.root)") }
        var result: [String: KeyedValue] = [:]
        for entry in entries { if case .string(let key) = entry.key { result[key] = entry.value } }
        return result
    }

    @Test(arguments: ["foundation-values.binary.plist", "foundation-values.xml.plist"])
    func everyFoundationValueClassIsRead(_ name: String) throws {
        let graph = try KeyedUnarchiver.graph(from: Fixtures.data("KeyedArchive/\(name)"))
        let values = try entries(of: graph)
        #expect(values.count == 22)
        #expect(values["string"] == .string("plain"))
        #expect(values["unicode"] == .string("Grüße, 世界 😀"))
        #expect(values["mutableString"] == .string("mutable"))
        #expect(values["integer"] == .integer(-42))
        #expect(values["large"] == .integer(PropertyListInteger(Int64.max)))
        #expect(values["real"] == .real(2.5))
        // Foundation on Linux uniques NSNumber(true) with the equal NSNumber(1) of "array": the
        // archive stores the integer 1 for both (typed reading of a Bool accepts 0 and 1).
        #expect(values["true"] == .integer(1))
        #expect(values["false"] == .bool(false))
        #expect(values["date"] == .date(Date(timeIntervalSinceReferenceDate: 600_000_000.5)))
        #expect(values["data"] == .data(Data([0, 1, 2, 255])))
        #expect(values["mutableData"] == .data(Data([9, 8, 7])))
        #expect(values["url"] == .url(URL(string: "https://example.com/a/b?c=d")!))
        if case .url(let relative)? = values["relativeURL"] {
            #expect(relative.absoluteString == "https://example.com/dir/file.txt")
        } else {
            Issue.record("relativeURL is \(String(describing: values["relativeURL"]))")
        }
        #expect(values["uuid"] == .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!))
        #expect(values["null"] == .null)
        #expect(values["array"] == .array([.string("a"), .integer(1)]))
        #expect(values["mutableArray"] == .array([.string("b"), .real(2.5)]))
        #expect(values["set"] == .set([.string("x")]))
        #expect(values["mutableSet"] == .set([.integer(3)]))
        #expect(values["dictionary"] == .dictionary([KeyedDictionaryEntry(key: .string("k"), value: .string("v"))]))
        #expect(values["mutableDictionary"] == .dictionary([KeyedDictionaryEntry(key: .string("n"), value: .integer(1))]))
        #expect(values["nested"] == .array([.array([]), .dictionary([])]))
        #expect(graph.objects.isEmpty)
    }

    @Test func seedClassesAreReadIntoAutoCodableTypesWithTheirGraph() throws {
        var names = KeyedClassNames()
        names.map("Seeds.SeedPerson", to: FixturePerson.self)
        names.map("Seeds.SeedTeam", to: FixtureTeam.self)
        let team = try KeyedUnarchiver(allowing: [FixturePerson.self], classNames: names)
            .unarchive(FixtureTeam.self, from: Fixtures.data("KeyedArchive/foundation-seed-team.binary.plist"))
        defer { team.members.forEach { $0.friend = nil } }
        #expect(team.title == "Analytical Engines")
        #expect(team.founded == Date(timeIntervalSinceReferenceDate: -5_000_000_000))
        #expect(team.logo == Data([0xCA, 0xFE]))
        #expect(team.site == URL(string: "https://example.org/engines"))
        #expect(team.identifier == UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E"))
        #expect(team.scores == ["speed": 1.5, "accuracy": 99.25])
        #expect(team.rating == 4.75)
        #expect(team.members.map(\.name) == ["Ada", "Charles", "Grace"])
        #expect(team.members.map(\.age) == [36, 79, 85])
        #expect(team.members.map(\.member) == [true, false, true])
        #expect(team.members[0].tags == ["math", "poetry"])
        #expect(team.leader === team.members[0])
        #expect(team.members[0].friend === team.members[1])
        #expect(team.members[1].friend === team.members[0])
        #expect(team.members[2].friend === team.members[2])
    }

    @Test func seedClassesAreRefusedUnlessAllowed() throws {
        var names = KeyedClassNames()
        names.map("Seeds.SeedPerson", to: FixturePerson.self)
        names.map("Seeds.SeedTeam", to: FixtureTeam.self)
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver(classNames: names)
                .unarchive(FixtureTeam.self, from: Fixtures.data("KeyedArchive/foundation-seed-team.binary.plist"))
        }
        #expect(error.kind == .disallowedClass)
        #expect(error.objectIndex == 13)
    }

    @Test func seedGraphIsReadWithoutTypesWithSharingCounted() throws {
        let graph = try KeyedUnarchiver.graph(from: Fixtures.data("KeyedArchive/foundation-seed-team.binary.plist"))
        guard case .object(let root) = graph.root else { Issue.record("root \(graph.root)"); return }
        #expect(graph.objects[root]?.className == "Seeds.SeedTeam")
        #expect(graph.objects.count == 4)
        let counts = graph.referenceCounts()
        #expect(counts[13] == 3) // Ada: a member, the leader, Charles's friend
        #expect(counts[27] == 2) // Grace: a member, and her own friend
    }
}
