import ArchivistCLI
import Foundation
import PropertyList
import Testing
import TestSupport

/// The files of `Fixtures/Hostile/` through every command that reads and prints: each ends with a
/// typed message and a non-zero status, or prints output bounded by the limit; none traps.
@Suite struct HostileInputCommandTests {
    private static func path(_ name: String) -> String { TestSupport.Fixtures.url("Hostile/\(name)").path }

    private func archivist(_ arguments: [String]) -> CommandRun {
        let io = BufferedCommandIO(standardInput: Data())
        let status = ArchivistCommand.run(arguments: arguments, io: io)
        return CommandRun(status: status, output: io.standardOutput, error: io.errorText)
    }

    @Test func everyHostileFixtureHasAnExpectationAndIsReadAsExpected() throws {
        let expected = try JSONDecoder().decode([String: String].self, from: TestSupport.Fixtures.data("Hostile/expected.json"))
        let names = TestSupport.Fixtures.names(in: "Hostile", endingWith: ".plist")
        #expect(Set(names) == Set(expected.keys))
        for name in names {
            let data = try TestSupport.Fixtures.data("Hostile/\(name)")
            do {
                _ = try PropertyListValue(from: data)
                #expect(expected[name] == "readable", "\(name) was read")
            } catch let error as PropertyListError {
                #expect(error.kind.rawValue == expected[name], "\(name): \(error)")
            }
        }
    }

    @Test(arguments: [["dump"], ["dump", "--json"], ["convert", "--to", "xml"], ["convert", "--to", "json"]])
    func aSmallFileThatSharesOneLongStringManyTimesIsRefusedWithTheOutputLimit(_ command: [String]) {
        let run = archivist(command + [Self.path("binary-string-shared-20000-times.plist")])
        #expect(run.status == 1)
        #expect(run.outputText.isEmpty)
        let message = run.error
        #expect(message.contains("outputLimitExceeded") || message.contains("exceed its limit"), "\(message)")
        #expect(message.contains("70077-byte input"), "\(message)")
    }

    @Test func diffAsJSONOfASmallFileThatSharesOneLongStringManyTimesIsRefusedWithTheOutputLimit() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("archivist-empty-\(UUID().uuidString).plist")
        try PropertyListValue.array([]).encoded(as: .binary).write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        let run = archivist(["diff", "--json", Self.path("binary-string-shared-20000-times.plist"), empty.path])
        #expect(run.status == 1)
        #expect(run.outputText.isEmpty)
        #expect(run.error.contains("exceed its limit"), "\(run.error)")
        #expect(run.error.contains("byte input"), "\(run.error)")
        // The text form summarizes each value, so it stays small and is printed.
        let text = archivist(["diff", Self.path("binary-string-shared-20000-times.plist"), empty.path])
        #expect(text.status == 1)
        #expect(text.output.count < 64 << 20)
        #expect(text.outputText.hasPrefix("root: dict (1) → array (0)"), "\(text.outputText.prefix(200))")
    }

    @Test func aKeyedArchiveOfDoublingArraysIsRefusedAtOnceByDump() {
        let run = archivist(["dump", Self.path("keyed-arrays-doubling-64.plist")])
        #expect(run.status == 1)
        let message = run.error
        #expect(message.contains("expansionLimitExceeded"), "\(message)")
    }

    @Test func theTwelveLevelSharedTreeIsRefusedByVerifyAndDump() {
        for command in [["verify"], ["dump"], ["convert", "--to", "xml"]] {
            let run = archivist(command + [Self.path("binary-shared-twelve-levels.plist")])
            #expect(run.status == 1)
            #expect(run.error.contains("expand to more than 65536 values"))
        }
    }
}
