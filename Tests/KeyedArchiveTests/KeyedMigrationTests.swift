import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing

// MARK: Version 1, as an old app archived it

final class MigrationDocumentV1: AutoCodable {
    static var autoCodingVersion: Int { 1 }
    var title = ""
    var n = 0
    var child: MigrationChildV1?
    var alsoChild: MigrationChildV1?
    var place = MigrationPlaceV1()
    var tags: [String] = []
    required init() {}
}

final class MigrationChildV1: AutoCodable {
    var name = ""
    var document: MigrationDocumentV1?
    required init() {}
}

struct MigrationPlaceV1: AutoCodable {
    static var autoCodingVersion: Int { 1 }
    var city = ""
}

// MARK: Version 2, reading it

/// Renames `n` to `count` and `child` to `attachment` (a reference moved to another key).
final class MigrationDocumentV2: AutoCodable {
    static var autoCodingVersion: Int { 2 }
    nonisolated(unsafe) static var rewrite: ((inout PropertyListDictionary) -> Void)?
    static func autoCodingMigrate(from version: Int, tree: inout PropertyListDictionary) throws {
        guard version < 2 else { return }
        tree["count"] = tree.removeValue(forKey: "n")
        tree["attachment"] = tree.removeValue(forKey: "child")
        rewrite?(&tree)
    }

    var title = ""
    var count = 0
    var attachment: MigrationChildV2?
    var alsoChild: MigrationChildV2?
    var place = MigrationPlaceV2()
    var tags: [String] = []
    var stamp = "default"
    required init() {}
}

final class MigrationChildV2: AutoCodable {
    var name = ""
    var document: MigrationDocumentV2?
    required init() {}
}

struct MigrationPlaceV2: AutoCodable {
    static var autoCodingVersion: Int { 2 }
    static func autoCodingMigrate(from version: Int, tree: inout PropertyListDictionary) throws {
        if version < 2 { tree["town"] = tree.removeValue(forKey: "city") }
    }
    var town = ""
}

/// An `NSCoding` class at version 1, archived by Foundation's `NSKeyedArchiver`.
final class MigrationNoteV1: NSObject, NSCoding, AutoCodable {
    static var autoCodingVersion: Int { 1 }
    var text = ""
    var pinned = false
    override init() { super.init() }
    func encode(with coder: NSCoder) { try? autoEncode(with: coder) }
    init?(coder: NSCoder) {
        super.init()
        do { try autoDecode(from: coder) } catch { return nil }
    }
}

/// The same class at version 2: `text` became `body`.
final class MigrationNoteV2: NSObject, NSCoding, AutoCodable {
    static var autoCodingVersion: Int { 2 }
    static func autoCodingMigrate(from version: Int, tree: inout PropertyListDictionary) throws {
        if version < 2 { tree["body"] = tree.removeValue(forKey: "text") }
    }
    var body = ""
    var pinned = false
    override init() { super.init() }
    func encode(with coder: NSCoder) { try? autoEncode(with: coder) }
    init?(coder: NSCoder) {
        super.init()
        do { try autoDecode(from: coder) } catch { return nil }
    }
}

/// `KeyedUnarchiver` reads an archive of another `autoCodingVersion` through the type's migration
/// hook, as `AutoArchiver` does, keeping the objects the migrated one refers to shared.
@Suite(.serialized) struct KeyedMigrationTests {
    private func namesV1() -> KeyedClassNames {
        var names = KeyedClassNames()
        names.setName("Document", for: MigrationDocumentV1.self)
        names.setName("Child", for: MigrationChildV1.self)
        names.setName("Place", for: MigrationPlaceV1.self)
        return names
    }

    private func unarchiverV2() -> KeyedUnarchiver {
        var names = KeyedClassNames()
        names.setName("Document", for: MigrationDocumentV2.self)
        names.setName("Child", for: MigrationChildV2.self)
        names.setName("Place", for: MigrationPlaceV2.self)
        return KeyedUnarchiver(allowing: [MigrationChildV2.self, MigrationPlaceV2.self], classNames: names)
    }

    /// A version-1 document whose child is referred to twice and refers back to it.
    private func archiveV1() throws -> Data {
        let document = MigrationDocumentV1()
        document.title = "Plan"
        document.n = 3
        document.tags = ["a", "b"]
        document.place.city = "Oslo"
        let child = MigrationChildV1()
        child.name = "sketch"
        child.document = document
        document.child = child
        document.alsoChild = child
        defer { child.document = nil }
        return try KeyedArchiver(classNames: namesV1()).archive(document)
    }

    @Test func anArchiveOfAnotherVersionIsMigratedKeepingSharedObjectsAndCycles() throws {
        MigrationDocumentV2.rewrite = nil
        let document = try unarchiverV2().unarchive(MigrationDocumentV2.self, from: try archiveV1())
        defer { document.attachment?.document = nil }
        #expect(document.title == "Plan" && document.count == 3 && document.tags == ["a", "b"])
        #expect(document.stamp == "default", "a property the old version lacked keeps its default")
        #expect(document.place.town == "Oslo", "a struct inside migrates by its own hook")
        let attachment = try #require(document.attachment, "a reference the hook moved is read")
        #expect(attachment.name == "sketch")
        #expect(attachment === document.alsoChild, "one object, however often it is referred to")
        #expect(attachment.document === document, "a cycle back to the migrated object finds it")
    }

    @Test func valuesTheHookMakesAreReadAndReferencesItDropsAreNot() throws {
        MigrationDocumentV2.rewrite = { tree in
            tree["tags"] = .array([.string("c")])
            tree["stamp"] = .string("migrated")
            tree["alsoChild"] = nil
        }
        defer { MigrationDocumentV2.rewrite = nil }
        let document = try unarchiverV2().unarchive(MigrationDocumentV2.self, from: try archiveV1())
        defer { document.attachment?.document = nil }
        #expect(document.tags == ["c"] && document.stamp == "migrated")
        #expect(document.alsoChild == nil && document.attachment?.name == "sketch")
    }

    @Test func aHookThatInventsOrNestsReferencesFailsWithAnError() throws {
        let archive = try archiveV1()
        let rewrites: [(inout PropertyListDictionary) -> Void] = [
            { $0["attachment"] = .uid(1_000_000) },
            { $0["attachment"] = .uid(UInt64.max) },
            { $0["alsoChild"] = .array([$0["attachment"] ?? .uid(0)]) },
        ]
        for rewrite in rewrites {
            MigrationDocumentV2.rewrite = rewrite
            defer { MigrationDocumentV2.rewrite = nil }
            let error = #expect(throws: KeyedArchiveError.self) {
                try unarchiverV2().unarchive(MigrationDocumentV2.self, from: archive)
            }
            // Named where it is: the property the hook rewrote.
            #expect(error.map { "\($0)".contains("MigrationDocumentV2.") } == true, "\(String(describing: error))")
        }
    }

    @Test func anArchiveFoundationWroteOfAnotherVersionIsMigrated() throws {
        let note = MigrationNoteV1()
        note.text = "Call Ada"
        note.pinned = true
        let data = try NSKeyedArchiver.archivedData(withRootObject: note, requiringSecureCoding: false)
        var names = KeyedClassNames()
        names.map(NSStringFromClass(MigrationNoteV1.self), to: MigrationNoteV2.self)
        let read = try KeyedUnarchiver(classNames: names).unarchive(MigrationNoteV2.self, from: data)
        #expect(read.body == "Call Ada" && read.pinned)
    }
}
