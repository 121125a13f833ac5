import AutoCoding
import Foundation
import PropertyList
import Testing

struct Profile: AutoCodable, Equatable {
    var fullName = ""
    var email = ""
    var cachedInitials = ""
    var loginCount = 0

    static var autoCodingKeys: [String: String] { ["fullName": "name"] }
    static var autoCodingTransientProperties: Set<String> { ["cachedInitials"] }
    static var autoCodingVersion: Int { 2 }

    static func autoCodingMigrate(from version: Int, tree: inout PropertyListDictionary) throws {
        if version < 1, let mail = tree.removeValue(forKey: "mail") { tree["email"] = mail }
        if version < 2, case .string(let count)? = tree["loginCount"], let value = Int64(count) {
            tree["loginCount"] = .integer(PropertyListInteger(value))
        }
        if version > 2 { throw MigrationError.tooNew(version) }
    }

    mutating func autoCodingDidDecode() throws {
        cachedInitials = String(fullName.split(separator: " ").compactMap(\.first))
    }

    enum MigrationError: Error { case tooNew(Int) }
}

struct BadReservedKey: AutoCodable {
    var value = 0
    static var autoCodingKeys: [String: String] { ["value": "$value"] }
}

struct BadDuplicateKey: AutoCodable {
    var first = 0
    var second = 0
    static var autoCodingKeys: [String: String] { ["second": "first"] }
}

struct Unarchivable {}

struct TransientUnsupported: AutoCodable {
    var kept = 1
    var handle = Unarchivable()
    static var autoCodingTransientProperties: Set<String> { ["handle"] }
}

/// Key renames, transient properties, versions with migration, and the post-decode hook.
@Suite struct CustomizationTests {
    private var sample: Profile {
        Profile(fullName: "Ada Lovelace", email: "ada@example.com", cachedInitials: "stale", loginCount: 3)
    }

    @Test func renamedKeysTransientPropertiesAndVersionShapeTheArchive() throws {
        let tree = try AutoArchiver.encodeTree(sample)
        #expect(tree.dictionaryValue?.keys == ["$type", "$version", "name", "email", "loginCount"])
        #expect(tree["$type"] == "Profile")
        #expect(tree["$version"] == 2)
        #expect(tree["name"] == "Ada Lovelace")
    }

    @Test func postDecodeHookRebuildsDerivedState() throws {
        let copy = try AutoArchiver.decode(Profile.self, from: AutoArchiver.encodeTree(sample))
        #expect(copy.cachedInitials == "AL")
        #expect(copy.fullName == "Ada Lovelace" && copy.loginCount == 3)
    }

    @Test func migrationReceivesTheArchivedVersionAndRawTree() throws {
        let version0: PropertyListValue = ["name": "Grace Hopper", "mail": "grace@example.com", "loginCount": "7"]
        let copy = try AutoArchiver.decode(Profile.self, from: version0)
        #expect(copy.email == "grace@example.com")
        #expect(copy.loginCount == 7)
        #expect(copy.cachedInitials == "GH")
    }

    @Test func migrationErrorsAreReportedAsHookFailures() throws {
        let future: PropertyListValue = ["$version": 3, "name": "x"]
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.decode(Profile.self, from: future) }
        #expect(error.kind == .hookFailed)
        #expect(error.typeName == "Profile")
    }

    @Test func reservedAndDuplicateKeysAreRejectedWhenThePlanIsBuilt() throws {
        let reserved = try #require(throws: AutoCodingError.self) { try AutoArchiver.encodeTree(BadReservedKey()) }
        #expect(reserved.kind == .invalidConfiguration)
        #expect(reserved.pathDescription == "BadReservedKey.value")
        let duplicate = try #require(throws: AutoCodingError.self) { try AutoArchiver.encodeTree(BadDuplicateKey()) }
        #expect(duplicate.kind == .invalidConfiguration)
    }

    @Test func transientPropertiesMayHaveUnsupportedTypes() throws {
        let tree = try AutoArchiver.encodeTree(TransientUnsupported())
        #expect(tree == ["$type": "TransientUnsupported", "kept": 1])
        #expect(try AutoArchiver.decode(TransientUnsupported.self, from: ["kept": 2, "handle": 5]).kept == 2)
    }
}
