import AutoCoding
import Foundation
import Persistence
import PropertyList
import Testing

/// Version 2 of a saved profile (version 1 kept the name in one property): the name is split, the archive key of `nickname` is renamed, and the hooks run.
final class ProfileV2: SavableObject {
    var first = ""
    var last = ""
    var nickname = ""
    var unknownKeys: [String] = []
    var decodedHookRan = false

    override class var autoCodingKeys: [String: String] { ["nickname": "handle"] }
    override class var autoCodingVersion: Int { 2 }
    override class var autoCodingTransientProperties: Set<String> { ["unknownKeys", "decodedHookRan"] }

    override class func autoCodingMigrate(from version: Int, tree: inout PropertyListDictionary) throws {
        guard version < 2, let full = tree["fullName"]?.stringValue else { return }
        let parts = full.split(separator: " ", maxSplits: 1).map(String.init)
        tree["first"] = .string(parts.first ?? "")
        tree["last"] = .string(parts.count > 1 ? parts[1] : "")
        tree["fullName"] = nil
    }

    override func autoCodingDidFindUnknownKeys(_ unknownEntries: PropertyListDictionary) {
        unknownKeys = unknownEntries.map(\.key).sorted()
    }

    override func autoCodingDidDecode() throws { decodedHookRan = true }

    required init() { super.init() }
}

/// Every `AutoCodable` customization member can be overridden by a `SavableObject` subclass.
@Suite struct SavableObjectCustomizationTests {
    @Test func aSubclassRenamesAPropertysArchiveKey() throws {
        let directory = try TemporaryDirectoryHolder()
        let profile = ProfileV2(archiveURL: directory.url.appendingPathComponent("profile.plist"))
        profile.nickname = "ada"
        try profile.save()
        let tree = try PropertyListValue(from: try Data(contentsOf: profile.archiveURL))
        #expect(tree["handle"] == "ada")
        #expect(tree["nickname"] == nil)
        #expect(tree["$version"] == 2)
        #expect(tree["unknownKeys"] == nil)
        let loaded = try ProfileV2.load(from: profile.archiveURL)
        #expect(loaded.nickname == "ada")
        #expect(loaded.decodedHookRan)
    }

    /// The file `ProfileV2`'s archive would be at version 1: `fullName` instead of `first`/`last`.
    private func writeVersionOne(to url: URL, fullName: String) throws {
        let profile = ProfileV2(archiveURL: url)
        try profile.save()
        guard var entries = try PropertyListValue(from: try Data(contentsOf: url)).dictionaryValue else {
            Issue.record("the saved profile is not a dictionary")
            return
        }
        entries["$version"] = 1
        entries["first"] = nil
        entries["last"] = nil
        entries["fullName"] = .string(fullName)
        try PropertyListValue.dictionary(entries).encoded(as: .binary).write(to: url)
    }

    @Test func aSubclassMigratesAFileOfAnEarlierVersion() throws {
        let directory = try TemporaryDirectoryHolder()
        let url = directory.url.appendingPathComponent("profile.plist")
        try writeVersionOne(to: url, fullName: "Ada Lovelace")
        let loaded = try ProfileV2.load(from: url)
        #expect(loaded.first == "Ada")
        #expect(loaded.last == "Lovelace")
        #expect(loaded.unknownKeys.isEmpty)
    }

    @Test func aSubclassHearsOfEntriesNoPropertyClaims() throws {
        let directory = try TemporaryDirectoryHolder()
        let url = directory.url.appendingPathComponent("profile.plist")
        let profile = ProfileV2(archiveURL: url)
        profile.first = "Grace"
        try profile.save()
        guard var entries = try PropertyListValue(from: try Data(contentsOf: url)).dictionaryValue else {
            Issue.record("the saved profile is not a dictionary")
            return
        }
        entries["extra"] = "from a newer version"
        try PropertyListValue.dictionary(entries).encoded(as: .binary).write(to: url)
        let loaded = try ProfileV2.load(from: url)
        #expect(loaded.first == "Grace")
        #expect(loaded.unknownKeys == ["extra"])
    }
}
