import AutoCoding
import Foundation
import Persistence
import PropertyList
import Testing

class Document: SavableObject {
    var title = ""
    var pages = 0
    var tags: [String] = []
    required init() { super.init() }
}

final class Memo: Document {
    var body = ""
    var cachedWordCount = 0
    var loadedHookRan = false
    var refuseToSave = false

    override class var autoCodingTransientProperties: Set<String> {
        super.autoCodingTransientProperties.union(["cachedWordCount", "loadedHookRan", "refuseToSave"])
    }

    required init() { super.init() }

    struct Refused: Error {}

    override func willSave() throws {
        if refuseToSave { throw Refused() }
        title = title.trimmingCharacters(in: .whitespaces)
    }

    override func didLoad() throws {
        cachedWordCount = body.split(separator: " ").count
        loadedHookRan = true
    }
}

/// Subclasses archive their properties (and their superclasses') with no per-property code.
@Suite struct SavableObjectTests {
    @Test func aSubclassSavesAndLoadsEveryStoredPropertyIncludingInheritedOnes() throws {
        let directory = try TemporaryDirectoryHolder()
        let memo = Memo(archiveURL: directory.url.appendingPathComponent("memo.plist"))
        memo.title = "  Groceries "
        memo.pages = 2
        memo.tags = ["home"]
        memo.body = "eggs milk bread"
        memo.cachedWordCount = 99
        let file = try memo.save()
        #expect(file.url == memo.archiveURL)
        let loaded = try Memo.load(from: memo.archiveURL)
        #expect(loaded.title == "Groceries")
        #expect(loaded.pages == 2)
        #expect(loaded.tags == ["home"])
        #expect(loaded.body == "eggs milk bread")
        #expect(loaded.cachedWordCount == 3)
        #expect(loaded.loadedHookRan)
        #expect(loaded.archiveURL == memo.archiveURL)
    }

    /// Release builds once failed every save of a subclass ("the value is a Memo, which is not
    /// registered (declared type SavableObject)"): the optimizer opened `type(of: self)` as the
    /// static class. Saved through base-class references, objects must archive as their own class.
    @Test func subclassesSavedThroughBaseClassReferencesLoadAsTheirOwnClass() throws {
        let directory = try TemporaryDirectoryHolder()
        let memo = Memo(archiveURL: directory.url.appendingPathComponent("memo.plist"))
        memo.title = "Release"
        memo.pages = 3
        memo.body = "optimized build"
        let document = Document(archiveURL: directory.url.appendingPathComponent("document.plist"))
        document.tags = ["draft"]
        let objects: [SavableObject] = [memo, document]
        for object in objects { try object.save() }
        let loaded = try Memo.load(from: memo.archiveURL)
        #expect(loaded.title == "Release")
        #expect(loaded.pages == 3)
        #expect(loaded.body == "optimized build")
        #expect(loaded.cachedWordCount == 2)
        #expect(try PropertyListValue(from: Data(contentsOf: memo.archiveURL))["body"] == "optimized build")
        #expect(try Document.load(from: document.archiveURL).tags == ["draft"])
        // The background path archives the same way.
        memo.body = "in the background"
        let saved = DispatchGroup()
        saved.enter()
        objects[0].saveInBackground { result in
            if case .failure(let error) = result { Issue.record("background save failed: \(error)") }
            saved.leave()
        }
        saved.wait()
        #expect(try Memo.load(from: memo.archiveURL).body == "in the background")
    }

    @Test func theFileIsAPlainBinaryPropertyListOfTheProperties() throws {
        let directory = try TemporaryDirectoryHolder()
        let memo = Memo(archiveURL: directory.url.appendingPathComponent("memo.plist"))
        memo.body = "hi"
        try memo.save()
        let data = try Data(contentsOf: memo.archiveURL)
        #expect(PropertyListFormat.detect(data) == .binary)
        let tree = try PropertyListValue(from: data)
        #expect(tree["body"] == "hi")
        #expect(tree["archiveURL"] == nil)
        #expect(tree["cachedWordCount"] == nil)
        let foundation = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        #expect(foundation?["title"] as? String == "")
    }

    @Test func aThrowingWillSaveCancelsTheSaveAndKeepsTheFile() throws {
        let directory = try TemporaryDirectoryHolder()
        let memo = Memo(archiveURL: directory.url.appendingPathComponent("memo.plist"))
        memo.body = "first"
        try memo.save()
        memo.body = "second"
        memo.refuseToSave = true
        let error = try #require(throws: PersistenceError.self) { try memo.save() }
        #expect(error.kind == .hookFailed)
        #expect(!memo.saveObject())
        #expect(try Memo.load(from: memo.archiveURL).body == "first")
    }

    @Test func backgroundSavesCoalesceAndLoadSeesTheNewest() throws {
        let directory = try TemporaryDirectoryHolder()
        let memo = Memo(archiveURL: directory.url.appendingPathComponent("memo.plist"))
        let done = DispatchGroup()
        for index in 0..<30 {
            memo.body = "version \(index)"
            done.enter()
            memo.saveInBackground { result in
                if case .failure = result { Issue.record("background save failed") }
                done.leave()
            }
            #expect(try Memo.load(from: memo.archiveURL).body == "version \(index)")
        }
        done.wait()
        SavableObject.flushBackgroundSaves()
        #expect(try Memo.load(from: memo.archiveURL).body == "version 29")
    }

    @Test func deleteRemovesTheFile() throws {
        let directory = try TemporaryDirectoryHolder()
        let document = Document(archiveURL: directory.url.appendingPathComponent("sub/doc.plist"))
        try document.save()
        #expect(try document.delete())
        #expect(try !document.delete())
        let error = try #require(throws: PersistenceError.self) { try Document.load(from: document.archiveURL) }
        #expect(error.kind == .notFound)
        #expect(error.path == document.archiveURL.path)
        #expect(Document.loadObject(from: document.archiveURL) == nil)
    }

    @Test func aDamagedFileIsCorruptAndAMistypedPropertyIsATypeMismatch() throws {
        let directory = try TemporaryDirectoryHolder()
        let url = directory.url.appendingPathComponent("doc.plist")
        try Data("bplist00 broken".utf8).write(to: url)
        #expect(throws: PersistenceError.self) { try Document.load(from: url) }
        let other = directory.url.appendingPathComponent("other.plist")
        struct PagesAsText: AutoCodable { var pages = "many" }
        try AutoArchiver.archive(PagesAsText(), format: .binary).write(to: other)
        let otherType = try #require(throws: PersistenceError.self) { try Document.load(from: other) }
        #expect(otherType.kind == .typeMismatch)
        #expect("\(otherType)".contains("PagesAsText") && "\(otherType)".contains("Document"))
        let wrong = directory.url.appendingPathComponent("wrong.plist")
        let mistyped: PropertyListValue = ["$type": "Document", "pages": "many"]
        try mistyped.encoded(as: .binary).write(to: wrong)
        let error = try #require(throws: PersistenceError.self) { try Document.load(from: wrong) }
        #expect(error.kind == .typeMismatch)
        #expect("\(error)".contains("pages"))
    }

    @Test func filenamesAreEscapedInsideTheDefaultDirectory() {
        let memo = Memo(filename: "../../etc/passwd")
        #expect(!memo.archiveURL.path.contains("/../"))
        #expect(memo.archiveURL.lastPathComponent == "%2e.%2f..%2fetc%2fpasswd")
        #expect(Memo().archiveURL.lastPathComponent == "^memo.plist")
    }
}
