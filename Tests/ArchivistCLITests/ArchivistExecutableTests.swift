import Foundation
import PropertyList
import Testing

/// Where the built `archivist` program is.
enum ArchivistExecutable {
    /// `archivist` in the build directory that holds the test bundle (`.build/debug/`).
    static let url: URL? = {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL)
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for directory in candidates {
            let candidate = directory.appendingPathComponent("archivist")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()
}

/// Runs the built `archivist` program as a subprocess: arguments, pipes and exit statuses as a
/// shell sees them.
@Suite(.enabled(if: ArchivistExecutable.url != nil,
                "archivist executable not found next to the test bundle: subprocess tests skipped"))
struct ArchivistExecutableTests {

    struct Result {
        var status: Int32
        var output: Data
        var error: String
    }

    private func run(_ arguments: [String], input: Data = Data()) throws -> Result {
        let directory = try TemporaryDirectory()
        let inputPath = try directory.file("stdin", input)
        let errorPath = try directory.file("stderr", Data())
        let process = Process()
        process.executableURL = ArchivistExecutable.url
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = try pipe.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        let error = try String(contentsOf: URL(fileURLWithPath: errorPath), encoding: .utf8)
        return Result(status: process.terminationStatus, output: output, error: error)
    }

    @Test func dumpsAFileAndConvertsStandardInputToStandardOutput() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("doc.plist", Fixtures.sampleJSON)
        let dump = try run(["dump", path])
        #expect(dump.status == 0)
        // Keys in document order: canonical JSON lists them sorted.
        let expected = try PropertyListValue(canonicalJSON: Fixtures.sampleJSON).treeDescription()
        #expect(String(decoding: dump.output, as: UTF8.self) == expected)
        let convert = try run(["convert", "--to", "json", "-"], input: Fixtures.sampleJSON)
        #expect(convert.status == 0)
        #expect(convert.output == Fixtures.sampleJSON + Data("\n".utf8))
    }

    @Test func exitStatusesReachTheShell() throws {
        #expect(try run(["--help"]).status == 0)
        let invalid = try run(["verify", "-"], input: Data(#"{"type":"bool","value":yes}"#.utf8))
        #expect(invalid.status == 1)
        #expect(invalid.error.contains("at offset 0x17"))
        let usage = try run(["convert"])
        #expect(usage.status == 2)
        #expect(usage.error.contains("usage: archivist convert"))
    }
}
