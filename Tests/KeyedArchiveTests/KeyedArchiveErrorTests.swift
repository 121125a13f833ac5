import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing

/// Every malformed archive is a typed error naming the object index, never a crash or an instance.
@Suite struct KeyedArchiveErrorTests {
    private func error<T>(_ type: T.Type, _ plist: PropertyListValue, allowing: [any AutoCodable.Type] = [],
                          options: KeyedUnarchivingOptions = .default) throws -> KeyedArchiveError {
        try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver(allowing: allowing, options: options).unarchive(type, from: HandMadeArchive.data(plist))
        }
    }

    @Test func theHandMadeBaseArchiveIsValid() throws {
        let node = try KeyedUnarchiver().unarchive(GraphNode.self, from: HandMadeArchive.data(HandMadeArchive.document(HandMadeArchive.node())))
        #expect(node.label == "root")
    }

    @Test func bytesThatAreNoPropertyListAreAPropertyListError() throws {
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver().unarchive(GraphNode.self, from: Data("not a plist".utf8))
        }
        #expect(error.kind == .propertyList)
        #expect(error.propertyListError != nil)
    }

    @Test func aPropertyListThatIsNotAnArchiveIsRefused() throws {
        #expect(try error(GraphNode.self, ["a", "b"]).kind == .notAKeyedArchive)
        var top = try #require(HandMadeArchive.document(HandMadeArchive.node()).dictionaryValue)
        top["$objects"] = nil
        #expect(try error(GraphNode.self, .dictionary(top)).kind == .notAKeyedArchive)
        var objects = HandMadeArchive.node()
        objects[0] = "nothing"
        let wrongNull = try error(GraphNode.self, HandMadeArchive.document(objects))
        #expect(wrongNull.kind == .notAKeyedArchive)
        #expect(wrongNull.objectIndex == 0)
    }

    @Test func wrongArchiverAndVersionAreRefused() throws {
        let archiver = try error(GraphNode.self, HandMadeArchive.document(HandMadeArchive.node(), archiver: "NSArchiver"))
        #expect(archiver.kind == .unsupportedArchiver)
        #expect(archiver.key == "$archiver")
        let version = try error(GraphNode.self, HandMadeArchive.document(HandMadeArchive.node(), version: 99_999))
        #expect(version.kind == .unsupportedVersion)
        #expect(version.key == "$version")
    }

    @Test func aMissingTopOrRootIsRefused() throws {
        var top = try #require(HandMadeArchive.document(HandMadeArchive.node()).dictionaryValue)
        top["$top"] = nil
        #expect(try error(GraphNode.self, .dictionary(top)).kind == .missingTop)
        top["$top"] = ["other": .uid(1)]
        #expect(try error(GraphNode.self, .dictionary(top)).kind == .missingTop)
    }

    @Test func uidsPastTheObjectsAreRefusedWithTheirObject() throws {
        let root = try error(GraphNode.self, HandMadeArchive.document(HandMadeArchive.node(), root: 4))
        #expect(root.kind == .uidOutOfRange)
        #expect(root.key == "root")
        let field = try error(GraphNode.self, HandMadeArchive.document(HandMadeArchive.node(label: .uid(99))))
        #expect(field.kind == .uidOutOfRange)
        #expect(field.objectIndex == 1)
        #expect(field.key == "label")
    }

    @Test func classReferencesThatLoopAreAClassCycle() throws {
        var selfClass = HandMadeArchive.node()
        selfClass[1] = ["$class": .uid(1), "label": .uid(3)]
        let direct = try error(GraphNode.self, HandMadeArchive.document(selfClass))
        #expect(direct.kind == .classCycle)
        #expect(direct.objectIndex == 1)
        var twoStep = HandMadeArchive.node()
        twoStep[2] = ["$class": .uid(1)]
        let indirect = try error(GraphNode.self, HandMadeArchive.document(twoStep))
        #expect(indirect.kind == .classCycle)
        #expect(indirect.objectIndex == 1)
    }

    @Test func classReferencesToNonDescriptionsAreMalformed() throws {
        var objects = HandMadeArchive.node()
        objects[2] = "GraphNode"
        let error = try error(GraphNode.self, HandMadeArchive.document(objects))
        #expect(error.kind == .malformedClass)
        #expect(error.objectIndex == 1)
        #expect(error.key == "$class")
    }

    @Test func objectsWithoutAClassAreMalformed() throws {
        var objects = HandMadeArchive.node()
        objects[1] = ["label": .uid(3)]
        let error = try error(GraphNode.self, HandMadeArchive.document(objects))
        #expect(error.kind == .malformedObject)
        #expect(error.objectIndex == 1)
    }

    @Test func valuesOfTheWrongKindAreTypeMismatches() throws {
        var objects = HandMadeArchive.node()
        objects[3] = 5
        let referenced = try error(GraphNode.self, HandMadeArchive.document(objects))
        #expect(referenced.kind == .typeMismatch)
        #expect(referenced.objectIndex == 3)
        let inline = try error(GraphNode.self, HandMadeArchive.document(HandMadeArchive.node(label: 5)))
        #expect(inline.kind == .typeMismatch)
        #expect(inline.objectIndex == 1)
        #expect(inline.key == "label")
        // `nil` where a non-optional array is declared keeps the property's default, as a missing
        // key does (the rule of every format: a property that stopped being optional still loads).
        let missingChild = try KeyedUnarchiver().unarchive(
            GraphNode.self, from: HandMadeArchive.data(HandMadeArchive.document(HandMadeArchive.node(extra: [("children", .uid(0))]))))
        #expect(missingChild.children.isEmpty)
    }

    @Test func classesOutsideTheAllowedSetAreNeverInstantiated() throws {
        var objects = HandMadeArchive.node()
        objects[2] = HandMadeArchive.classDescription("Evil")
        let error = try error(GraphNode.self, HandMadeArchive.document(objects))
        #expect(error.kind == .disallowedClass)
        #expect(error.objectIndex == 1)
        #expect(error.message.contains("Evil"))
    }

    @Test func allowedClassesInTheWrongPlaceAreTypeMismatches() throws {
        var objects = HandMadeArchive.node()
        objects[2] = HandMadeArchive.classDescription("GraphParent")
        let error = try error(GraphNode.self, HandMadeArchive.document(objects), allowing: [GraphParent.self])
        #expect(error.kind == .typeMismatch)
        #expect(error.objectIndex == 1)
    }

    @Test func collectionsThatContainThemselvesAreValueCycles() throws {
        let objects: [PropertyListValue] = ["$null", ["$class": .uid(2), "NS.objects": [.uid(1)]], HandMadeArchive.classDescription("NSArray")]
        let typed = try error([[Int]].self, HandMadeArchive.document(objects))
        #expect(typed.kind == .valueCycle)
        #expect(typed.objectIndex == 1)
        let graph = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver.graph(from: HandMadeArchive.data(HandMadeArchive.document(objects)))
        }
        #expect(graph.kind == .valueCycle)
        #expect(graph.objectIndex == 1)
    }

    @Test func collectionsOfTheWrongShapeAreMalformed() throws {
        let notUIDs: [PropertyListValue] = ["$null", ["$class": .uid(2), "NS.objects": [1, 2]], HandMadeArchive.classDescription("NSArray")]
        let elements = try error([Int].self, HandMadeArchive.document(notUIDs))
        #expect(elements.kind == .malformedObject)
        #expect(elements.objectIndex == 1)
        #expect(elements.key == "NS.objects")
        let uneven: [PropertyListValue] = ["$null", ["$class": .uid(2), "NS.keys": [.uid(3)], "NS.objects": []],
                                           HandMadeArchive.classDescription("NSDictionary"), "k"]
        let dictionary = try error([String: Int].self, HandMadeArchive.document(uneven))
        #expect(dictionary.kind == .malformedObject)
        #expect(dictionary.objectIndex == 1)
        let shortUUID: [PropertyListValue] = ["$null", ["$class": .uid(2), "NS.uuidbytes": .data(Data([1, 2, 3]))],
                                              HandMadeArchive.classDescription("NSUUID")]
        let uuid = try error(UUID.self, HandMadeArchive.document(shortUUID))
        #expect(uuid.kind == .malformedObject)
        #expect(uuid.objectIndex == 1)
    }

    @Test func deeplyNestedValuesStopAtTheDepthLimit() throws {
        let nested: [[[[[[Int]]]]]] = [[[[[[1]]]]]]
        let data = try KeyedArchiver().archive(nested)
        let options = KeyedUnarchivingOptions(maximumDepth: 3)
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver(options: options).unarchive([[[[[[Int]]]]]].self, from: data)
        }
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.objectIndex != nil)
        let graph = try #require(throws: KeyedArchiveError.self) { try KeyedUnarchiver.graph(from: data, options: options) }
        #expect(graph.kind == .depthLimitExceeded)
        #expect(try KeyedUnarchiver(options: KeyedUnarchivingOptions(maximumDepth: 6))
            .unarchive([[[[[[Int]]]]]].self, from: data) == nested)
    }

    @Test func archivesWithTooManyObjectsAreRefused() throws {
        let error = try error(GraphNode.self, HandMadeArchive.document(HandMadeArchive.node()),
                              options: KeyedUnarchivingOptions(maximumObjectCount: 3))
        #expect(error.kind == .objectCountLimitExceeded)
    }

    @Test func aThrowingHookIsReportedWithItsObject() throws {
        let node = RejectingNode()
        node.value = -1
        let data = try KeyedArchiver().archive([node])
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver(allowing: [RejectingNode.self]).unarchive([RejectingNode].self, from: data)
        }
        #expect(error.kind == .hookFailed)
        #expect(error.objectIndex == 2)
    }

    @Test func whatAutoArchiverArchivesKeyedArchivesHoldToo() throws {
        // One engine: decimals, integer-keyed dictionaries and Codable values are no longer refused.
        let decimals = try KeyedArchiver().archive([Decimal(string: "1.25")!])
        #expect(try KeyedUnarchiver().unarchive([Decimal].self, from: decimals) == [Decimal(string: "1.25")!])
        let keyed = try KeyedArchiver().archive([1: "one", -2: "minus two"])
        #expect(try KeyedUnarchiver().unarchive([Int: String].self, from: keyed) == [1: "one", -2: "minus two"])
    }

    @Test func typesAKeyedArchiveCannotHoldAreRefusedWhenArchiving() throws {
        let error = try #require(throws: KeyedArchiveError.self) { try KeyedArchiver().archive(NSObject()) }
        #expect(error.kind == .unsupportedType)
    }

    @Test func aFailedTypeStaysFailedAndLeavesNothingHalfBuilt() throws {
        for _ in 0..<2 {
            let error = try #require(throws: KeyedArchiveError.self) { try KeyedArchiver().archive(HolderOfUnarchivable()) }
            #expect(error.kind == .unsupportedType)
            #expect(error.message.contains("amount"))
        }
        let optional = try #require(throws: KeyedArchiveError.self) { try KeyedArchiver().archive(UnarchivableLeaf?.none) }
        #expect(optional.kind == .unsupportedType)
    }

    @Test func descriptionsNameKindObjectAndKey() {
        let error = KeyedArchiveError(.typeMismatch, "expected an Int", objectIndex: 7, key: "age")
        #expect(error.description == "typeMismatch at object 7, key \"age\": expected an Int")
    }
}
