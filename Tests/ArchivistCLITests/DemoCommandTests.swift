import ArchivistCLI
import Foundation
import PropertyList
import Testing

/// `archivist demo`: the persistence layer end to end, with the same output on every run.
@Suite struct DemoCommandTests {
    @Test func savesReloadsAndPrintsTheArchiveTheSameWayEveryRun() throws {
        let first = archivist("demo")
        #expect(first.status == 0, "\(first.error)")
        #expect(first.error.isEmpty)
        let second = archivist("demo")
        #expect(second.outputText == first.outputText)
        let text = first.outputText
        #expect(text.contains("notebook.save() -> $DEMO/notebook.plist ("))
        #expect(text.contains("keys: [\"spare copy\", \"summer/2026\"]"))
        #expect(text.contains("equal to the original: true"))
        #expect(text.contains("2 entries (counted by didLoad)"))
        #expect(text.contains("after delete(forKey: \"spare copy\"): keys [\"summer/2026\"]"))
        #expect(!text.contains(FileManager.default.temporaryDirectory.path))
    }

    @Test func listsTheBasicValuesFromAReopenedStoreAndRefusesAnUnsupportedOne() {
        let text = archivist("demo").outputText
        let expected = """
            reopened $DEMO/settings/basic-values.log:
              beta = "yes"
              lastLaunch = 2026-05-09 06:13:20 +0000
              launchCount = 3
              recent = ["summer/2026", "notebook.plist"]
              theme = "dark"
              volume = 0.75
            """
        #expect(text.contains(expected))
        #expect(text.contains("saveBasicObject(NSObject(), forKey: \"bad\") -> false"))
        #expect(text.contains("threw: unsupported value: cannot set key \"bad\""))
    }

    @Test func theXMLItPrintsIsTheNotebookArchive() throws {
        let text = archivist("demo").outputText
        let start = try #require(text.range(of: "<?xml"))
        let end = try #require(text.range(of: "</plist>"))
        let xml = Data(text[start.lowerBound..<end.upperBound].utf8)
        let foundation = try PropertyListSerialization.propertyList(from: xml, format: nil) as? [String: Any]
        #expect(foundation?["title"] as? String == "Field notes")
        #expect(foundation?["entries"] as? [String] == ["Tram 28 at dawn", "Pastéis de nata: 3"])
        #expect(foundation?["entryCount"] == nil)
        #expect(foundation?["archiveURL"] == nil)
    }

    @Test func restoresTheGraphsSharingAndCycleAndPrintsItsBackReference() {
        let text = archivist("demo").outputText
        #expect(text.contains("people[0] === people[2]: true; people[0].companion === people[1]: true; "
                              + "people[1].companion === people[0]: true"))
        #expect(text.contains("[0] #2 DemoTraveller (shared: 3 references)"))
        #expect(text.contains("\"companion\": ↻ #2 DemoTraveller (back-reference)"))
        #expect(text.contains("[2] → #2 DemoTraveller (shared, shown above)"))
    }

    @Test func theCacheAnswersFromMemoryThenFromDiskInAFreshInstance() {
        let text = archivist("demo").outputText
        #expect(text.contains("answered from memory: true"))
        #expect(text.contains("a fresh Cache read it from disk: Lisbon, equal: true"))
        #expect(text.contains("cachedValue(forKey: \"winter\") threw not found"))
        #expect(!text.contains("disk size of \"trips\" after synchronize(): 0 bytes"))
    }

    @Test func keepLeavesTheDirectoryAndSaysWhere() throws {
        let run = archivist("demo", "--keep")
        #expect(run.status == 0)
        let path = try #require(run.error.split(separator: " ").last.map { String($0.dropLast()) })
        #expect(FileManager.default.fileExists(atPath: path + "/notebook.plist"))
        try FileManager.default.removeItem(atPath: path)
    }

    @Test func unknownArgumentsAreUsageErrors() {
        let run = archivist("demo", "extra")
        #expect(run.status == 2)
    }
}
