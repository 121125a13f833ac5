import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing
import TestSupport

/// The layout ``KeyedArchiver`` writes, checked against the format's conventions.
@Suite struct KeyedArchiverTests {
    private func top(_ value: some Any) throws -> PropertyListDictionary {
        try #require(try KeyedArchiver().archivedPropertyList(value).dictionaryValue)
    }

    private func objects(_ top: PropertyListDictionary) throws -> [PropertyListValue] {
        try #require(top["$objects"]?.arrayValue)
    }

    @Test func theTopLevelDictionaryHasTheFourKeys() throws {
        let top = try top(GraphNode("x"))
        #expect(top["$archiver"] == "NSKeyedArchiver")
        #expect(top["$version"] == 100_000)
        #expect(top["$top"] == ["root": .uid(1)])
        #expect(try objects(top).first == "$null")
        #expect(top.count == 4)
    }

    @Test func objectsNameTheirClassDescription() throws {
        let objects = try objects(top(GraphDog()))
        guard case .uid(let classUID)? = objects[1].dictionaryValue?["$class"] else {
            Issue.record("no $class in \(objects[1])")
            return
        }
        #expect(objects[Int(classUID)] == ["$classname": "GraphDog", "$classes": ["GraphDog", "GraphAnimal", "NSObject"]])
    }

    @Test func numbersAndBooleansAreInlineAndNilIsTheNullUID() throws {
        let value = GraphEverything()
        value.count = 7
        value.flag = true
        let entries = try #require(try objects(top(value))[1].dictionaryValue)
        #expect(entries["count"] == 7)
        #expect(entries["flag"] == true)
        #expect(entries["ratio"] == 0.0)
        #expect(entries["maybe"] == .uid(0))
        #expect(entries["maybeNumber"] == .uid(0))
        guard case .uid = entries["text"] else { Issue.record("text is \(String(describing: entries["text"]))"); return }
    }

    @Test func equalStringsAndClassDescriptionsAreWrittenOnce() throws {
        let nodes = (0..<10).map { _ in GraphNode("same") }
        let objects = try objects(top(nodes))
        #expect(objects.filter { $0 == "same" }.count == 1)
        #expect(objects.filter { $0.dictionaryValue?["$classname"] == "GraphNode" }.count == 1)
        #expect(objects.filter { $0.dictionaryValue?["$classname"] == "NSArray" }.count == 1)
    }

    @Test(.enabled(if: PythonOracle.isAvailable, "needs python3 with plistlib"))
    func binaryArchivesAreReadByPythonsPlistlibWithTheSameUIDs() throws {
        let node = GraphNode("py")
        node.next = node
        defer { node.next = nil }
        let archiver = KeyedArchiver()
        let oracle = try #require(PythonOracle.shared)
        let read = try oracle.read([try archiver.archive(node)])
        #expect(try read.first?.get() == (try archiver.archivedPropertyList(node)).canonicalJSON())
    }

    @Test func swiftValuesMapToFoundationsClassNames() throws {
        let uuid = UUID()
        let top = try top(["u": [uuid]] as [String: [UUID]])
        let names = try objects(top).compactMap { $0.dictionaryValue?["$classname"]?.stringValue }
        #expect(Set(names) == ["NSDictionary", "NSArray", "NSUUID"])
    }
}
