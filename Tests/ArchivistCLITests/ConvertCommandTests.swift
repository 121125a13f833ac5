import ArchivistCLI
import Foundation
import PropertyList
import Testing

@Suite struct ConvertCommandTests {
    @Test func writesToStandardOutputByDefaultAndForDash() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.file("in", Fixtures.sampleJSON)
        for run in [archivist("convert", "--to", "json", input), archivist("convert", "--to=json", input, "-o", "-")] {
            #expect(run.status == 0)
            #expect(run.error.isEmpty)
            #expect(run.output == Fixtures.sampleJSON + Data("\n".utf8))
        }
    }

    @Test func writesTheOutputFile() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.file("in", Fixtures.sampleJSON)
        let output = directory.path("out.json")
        let run = archivist("convert", "--to", "json", input, "--output", output)
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        let written = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(try PropertyListValue(canonicalJSON: written) == Fixtures.sample)
    }

    @Test func readsStandardInput() {
        let run = archivist("convert", "--to", "json", "-", standardInput: Fixtures.sampleJSON)
        #expect(run.status == 0)
        #expect(run.output == Fixtures.sampleJSON + Data("\n".utf8))
    }

    @Test func leavesNoOutputFileWhenTheInputIsInvalid() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.file("in", Data(#"{"type":"int","value":"1"#.utf8))
        let output = directory.path("out")
        let run = archivist("convert", "--to", "json", input, "-o", output)
        #expect(run.status == 1)
        #expect(run.error.contains("\(input): invalid canonical JSON property list"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func namesAnOutputItCannotWrite() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.file("in", Fixtures.sampleJSON)
        let output = directory.path("no/such/dir/out.json")
        let run = archivist("convert", "--to", "json", input, "-o", output)
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("archivist: cannot write '\(output)'"))
    }

    @Test(.enabled(if: Fixtures.codecsAvailable, Comment(rawValue: Fixtures.codecsMissing)))
    func convertsBetweenEveryPairOfFormats() throws {
        let directory = try TemporaryDirectory()
        var documents: [String: String] = ["json": try directory.file("start", Fixtures.sampleJSON)]
        for target in ["binary", "xml", "json"] {
            for (source, path) in documents.sorted(by: { $0.key < $1.key }) {
                let output = directory.path("\(source)-to-\(target)")
                let run = archivist("convert", "--to", target, path, "-o", output)
                #expect(run.status == 0, "\(source) → \(target): \(run.error)")
                let back = archivist("dump", "--json", output)
                #expect(back.outputText == Fixtures.sample.canonicalJSON() + "\n", "\(source) → \(target)")
            }
            documents[target] = directory.path("json-to-\(target)")
        }
    }

    @Test(.enabled(if: Fixtures.codecsAvailable, Comment(rawValue: Fixtures.codecsMissing)))
    func binaryAndXMLOutputReadsInFoundation() throws {
        for (target, format) in [("binary", PropertyListSerialization.PropertyListFormat.binary), ("xml", .xml)] {
            let run = archivist("convert", "--to", target, "-", standardInput: Fixtures.sampleJSON)
            #expect(run.status == 0, "\(run.error)")
            var detected = PropertyListSerialization.PropertyListFormat.openStep
            let object = try PropertyListSerialization.propertyList(from: run.output, options: [], format: &detected)
            #expect(detected == format)
            #expect(PropertyListValue(foundationObject: object) == Fixtures.sample)
        }
    }
}
