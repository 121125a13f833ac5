import AutoCoding
import Foundation
import PropertyList
import Testing

struct RecordedLine: AutoCodable, Equatable {
    var sku = ""
}

struct RecordedOrder: AutoCodable, Equatable {
    var id = 0
    var total = 0.0
    var line = RecordedLine()
}

/// Shaped exactly like ``RecordedOrder``: only the type record tells them apart.
struct RecordedUnrelated: AutoCodable, Equatable {
    var id = 0
    var total = 0.0
    var line = RecordedLine()
}

/// Registered as `test.registered-record`, with two earlier names.
struct RegisteredRecord: AutoCodable, Equatable {
    var id = 0

    static func register() throws {
        try AutoCodingRegistry.register(RegisteredRecord.self, as: "test.registered-record",
                                        aliases: ["RecordV0", "legacy.record"])
    }
}

enum RecordNamespace {
    struct Inner: AutoCodable { var x = 0 }
}

struct RecordBox<Content: AutoCodable>: AutoCodable {
    var items: [Content] = []
}

private struct PrivateRecord: AutoCodable { var x = 0 }

/// Archives record their root's type (TypeRecord): the registered name, else the type's name
/// without module qualifiers; an archive of another type is a typed error naming both, and archives
/// written before type records decode as before.
@Suite struct TypeRecordTests {
    init() throws {
        try RegisteredRecord.register()
    }

    private var order: RecordedOrder { RecordedOrder(id: 7, total: 19.5, line: RecordedLine(sku: "A-1")) }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func theRootRecordsItsTypeFirst(_ format: PropertyListFormat) throws {
        let tree = try PropertyListValue(from: AutoArchiver.archive(order, format: format))
        #expect(tree.dictionaryValue?.keys == ["$type", "id", "total", "line"])
        #expect(tree["$type"] == "RecordedOrder")
        // Below the root only values whose dynamic type differs from the declared one record it.
        #expect(tree["line"] == ["sku": "A-1"])
        #expect(tree == (try AutoArchiver.encodeTree(order)))
    }

    @Test func typeRecordsAreStableNamesWithoutModuleQualifiers() throws {
        func record<T: AutoCodable>(_ value: T) throws -> PropertyListValue? { try AutoArchiver.encodeTree(value)["$type"] }
        struct LocalRecord: AutoCodable { var x = 0 }
        #expect(try record(RecordNamespace.Inner()) == "RecordNamespace.Inner")
        #expect(try record(RecordBox<RecordedLine>()) == "RecordBox<RecordedLine>")
        #expect(try record(PrivateRecord()) == "PrivateRecord")
        #expect(try record(LocalRecord())?.stringValue?.contains("AutoCodingTests") == false)
        // So an archive written by a type of this name in any module (before a move or a module
        // rename) reads back.
        let elsewhere: PropertyListValue = ["$type": "RecordBox<RecordedLine>", "items": [["sku": "x"]]]
        #expect(try AutoArchiver.decode(RecordBox<RecordedLine>.self, from: elsewhere).items == [RecordedLine(sku: "x")])
    }

    @Test func aRegisteredNameIsRecordedInsteadOfTheTypesName() throws {
        #expect(try AutoArchiver.encodeTree(RegisteredRecord(id: 1))["$type"] == "test.registered-record")
    }

    @Test(arguments: ArchiveForm.allCases)
    func registeredAliasesAndTheTypesOwnNameAreAcceptedWhenReading(_ form: ArchiveForm) throws {
        for name in ["test.registered-record", "RecordV0", "legacy.record", "RegisteredRecord"] {
            let tree: PropertyListValue = ["$type": .string(name), "id": 4]
            #expect(try form.decode(RegisteredRecord.self, from: tree).id == 4, "\(name)")
        }
    }

    @Test(arguments: ArchiveForm.allCases)
    func anUnrelatedTypeIsATypeMismatchNamingBoth(_ form: ArchiveForm) throws {
        let error = try #require(throws: AutoCodingError.self) { try form.archive(order, readAs: RecordedUnrelated.self) }
        #expect(error.kind == .typeMismatch)
        #expect(error.expected == "RecordedUnrelated")
        #expect(error.found == "RecordedOrder")
        #expect(error.description.hasPrefix("RecordedUnrelated: the archive holds a RecordedOrder, not a RecordedUnrelated"))
        // The message says how to read an archive of a renamed type.
        #expect(error.description.contains("aliases: [\"RecordedOrder\"]"))
    }

    @Test(arguments: ArchiveForm.allCases)
    func anArchiveOfARegisteredTypeReadAsAnotherNamesBoth(_ form: ArchiveForm) throws {
        let error = try #require(throws: AutoCodingError.self) {
            try form.archive(RegisteredRecord(id: 1), readAs: RecordedOrder.self)
        }
        #expect(error.kind == .typeMismatch)
        #expect(error.description.contains("RegisteredRecord") && error.description.contains("RecordedOrder"))
    }

    @Test(arguments: ArchiveForm.allCases)
    func anArchiveWithoutATypeRecordStillDecodes(_ form: ArchiveForm) throws {
        let earlier: PropertyListValue = ["id": 7, "total": 19.5, "line": ["sku": "A-1"]]
        #expect(try form.decode(RecordedOrder.self, from: earlier) == order)
        #expect(try form.decode(RecordedUnrelated.self, from: earlier).id == 7)
    }

    @Test func aTypeRecordAfterThePropertiesIsACorruptArchive() throws {
        let tree: PropertyListValue = ["id": 7, "$type": "RecordedOrder"]
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.decode(RecordedOrder.self, from: tree) }
        #expect(error.kind == .corruptArchive)
    }
}
