import ArchivistCLI
import Foundation
import PropertyList

/// The outcome of one in-process `archivist` run.
struct CommandRun {
    var status: Int32
    var output: Data
    var error: String
    var outputText: String { String(decoding: output, as: UTF8.self) }
}

/// Runs `archivist` in-process with buffered streams.
func archivist(_ arguments: String..., standardInput: Data = Data()) -> CommandRun {
    let io = BufferedCommandIO(standardInput: standardInput)
    let status = ArchivistCommand.run(arguments: arguments, io: io)
    return CommandRun(status: status, output: io.standardOutput, error: io.errorText)
}

/// A fresh directory, removed when the value is released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("archivist-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `contents` to `name` and returns its path.
    func file(_ name: String, _ contents: Data) throws -> String {
        let path = url.appendingPathComponent(name).path
        try contents.write(to: URL(fileURLWithPath: path))
        return path
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

enum Fixtures {
    /// A small document with every type that all three formats carry exactly (whole-second date).
    static let sample: PropertyListValue = [
        "name": "Ada",
        "tags": ["x", "y"],
        "count": 42,
        "ratio": 0.5,
        "ok": true,
        "when": .date(Date(timeIntervalSinceReferenceDate: 86_400)),
        "blob": .data(Data([0xCA, 0xFE])),
    ]

    static var sampleJSON: Data { sample.canonicalJSONData() }

    /// `sample` as Foundation writes it, independent of this package's writers.
    static func foundationEncoded(_ format: PropertyListSerialization.PropertyListFormat) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: sample.foundationObject, format: format, options: 0)
    }

    /// Whether the binary and XML codecs are in this build (the CLI branch starts with placeholders
    /// that throw; tests needing the codecs are skipped, visibly, until they are merged).
    static let codecsAvailable: Bool = {
        let probe: PropertyListValue = ["a": [1, "b"]]
        guard let binary = try? probe.encoded(as: .binary), let xml = try? probe.encoded(as: .xml) else { return false }
        return (try? PropertyListValue(from: binary)) == probe && (try? PropertyListValue(from: xml)) == probe
    }()

    static let codecsMissing = "binary/XML codecs not merged into this build yet (placeholders throw)"
}
