import AutoCoding
import Foundation
import PropertyList
import Testing

struct NestedOptionals: AutoCodable, Equatable {
    var double: Int?? = .some(.some(1))
    var triple: Int??? = .some(.some(.some(1)))
    var name: String? = "default"
}

struct NilsInCollections: AutoCodable, Equatable {
    var numbers: [Int?] = []
    var byName: [String: Int?] = [:]
    var grid: [[String?]] = []
    var maybeCounts: [String: Int]? = nil
}

struct MarkerLookalikes: AutoCodable, Equatable {
    var text = ""
    var optionalText: String? = nil
    var texts: [String] = []
    var counts: [String: Int] = [:]
}

/// A type whose properties were optional in an earlier release.
struct NoLongerOptional: AutoCodable, Equatable {
    var nickname = "anonymous"
    var count = 7
}

/// `nil` is recorded wherever it occurs (NilMarker): `$null`, or `{"$nil": level}` for a `nil`
/// with optional layers inside it; strings and dictionary keys that look like markers are escaped.
@Suite struct NilMarkerTests {
    static let doubles: [Int??] = [.none, .some(.none), .some(.some(5))]
    static let triples: [Int???] = [.none, .some(.none), .some(.some(.none)), .some(.some(.some(5)))]

    @Test(arguments: ArchiveForm.allCases)
    func nestedOptionalsKeepEveryLayerOfNilApart(_ form: ArchiveForm) throws {
        for double in Self.doubles {
            for triple in Self.triples {
                let value = NestedOptionals(double: double, triple: triple, name: nil)
                let copy = try form.roundTrip(value)
                #expect(copy.double == double, "\(String(describing: double))")
                #expect(copy.triple == triple, "\(String(describing: triple))")
                #expect(copy.name == nil)
            }
        }
    }

    @Test func theMarkerCountsTheOptionalLayersInsideTheNil() throws {
        func tree(_ double: Int??, _ triple: Int???) throws -> PropertyListValue {
            try AutoArchiver.encodeTree(NestedOptionals(double: double, triple: triple, name: nil))
        }
        #expect(try tree(.none, .none)["double"] == ["$nil": 1])
        #expect(try tree(.some(.none), .none)["double"] == "$null")
        #expect(try tree(.none, .none)["triple"] == ["$nil": 2])
        #expect(try tree(.none, .some(.none))["triple"] == ["$nil": 1])
        #expect(try tree(.none, .some(.some(.none)))["triple"] == "$null")
        #expect(try tree(.none, .none)["name"] == "$null")
    }

    @Test(arguments: ArchiveForm.allCases)
    func nilInsideArraysAndDictionariesRoundTrips(_ form: ArchiveForm) throws {
        let value = NilsInCollections(numbers: [1, nil, 3, nil], byName: ["a": 1, "b": nil],
                                      grid: [["x", nil], [], [nil]], maybeCounts: ["$nil": 1])
        let copy = try form.roundTrip(value)
        #expect(copy == value)
        // A dictionary that looks like a nil marker is a dictionary, not nil.
        #expect(copy.maybeCounts == ["$nil": 1])
        let tree = try AutoArchiver.encodeTree(value)
        #expect(tree["numbers"] == [1, "$null", 3, "$null"])
        #expect(tree["byName"] == ["a": 1, "b": "$null"])
    }

    @Test(arguments: ArchiveForm.allCases)
    func aStringSpelledLikeTheNilMarkerRoundTripsAsAString(_ form: ArchiveForm) throws {
        let value = MarkerLookalikes(text: "$null", optionalText: "$null",
                                     texts: ["$null", "$$null", "$$$null", "$", "null", "$nullx", "$nil"])
        let copy = try form.roundTrip(value)
        #expect(copy == value)
        #expect(copy.optionalText == "$null") // not nil
        let tree = try AutoArchiver.encodeTree(value)
        #expect(tree["text"] == "$$null")
        #expect(tree["optionalText"] == "$$null")
        #expect(tree["texts"] == ["$$null", "$$$null", "$$$$null", "$", "null", "$nullx", "$nil"])
    }

    @Test(arguments: ArchiveForm.allCases)
    func dictionaryKeysStartingWithADollarRoundTrip(_ form: ArchiveForm) throws {
        let counts = ["$nil": 1, "$type": 2, "$$x": 3, "plain": 4, "$null": 5, "$version": 6]
        let value = MarkerLookalikes(counts: counts)
        #expect(try form.roundTrip(value).counts == counts)
        let archived = try AutoArchiver.encodeTree(value)["counts"]?.dictionaryValue?.keys
        #expect(archived.map(Set.init) == ["$$nil", "$$type", "$$$x", "plain", "$$null", "$$version"])
    }

    /// The engine's rule: a nil marker where the property's type is no longer optional keeps the
    /// default `init()` gives.
    @Test(arguments: ArchiveForm.allCases)
    func aNilArchivedForAPropertyThatIsNoLongerOptionalKeepsItsDefault(_ form: ArchiveForm) throws {
        let earlier: PropertyListValue = ["$type": "NoLongerOptional", "nickname": "$null", "count": "$null"]
        let value = try form.decode(NoLongerOptional.self, from: earlier)
        #expect(value.count == 7)
        #expect(value.nickname == "anonymous")
    }
}
