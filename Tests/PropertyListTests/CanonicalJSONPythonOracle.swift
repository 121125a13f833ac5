import Foundation

/// Runs `python3` as an independent oracle for canonical JSON: one process per batch, input on
/// standard input, answers on standard output.
enum CanonicalJSONPythonOracle {
    /// The `python3` on `PATH`, if there is one.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// Whether python3 is available; tests use it in `.enabled(if:)` so a skip is reported.
    static var isAvailable: Bool { executable != nil }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `script` with `input` as standard input and returns standard output.
    ///
    /// Input and error go through temporary files so a large batch cannot deadlock on pipes.
    static func run(_ script: String, input: Data) throws -> Data {
        guard let executable else { throw Failure(description: "python3 not found") }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("canonical-json-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputURL = directory.appendingPathComponent("input")
        let errorURL = directory.appendingPathComponent("error")
        try input.write(to: inputURL)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)

        let process = Process()
        process.executableURL = executable
        process.arguments = ["-c", script]
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let result = try output.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
            throw Failure(description: "python3 exited \(process.terminationStatus): \(message)")
        }
        return result
    }

    /// Python's `repr` of each double, given by bit pattern.
    static func reprs(ofDoubleBits bits: [UInt64]) throws -> [String] {
        let script = """
            import sys, struct
            out = []
            for line in sys.stdin.read().split():
                out.append(repr(struct.unpack('<d', int(line, 16).to_bytes(8, 'little'))[0]))
            sys.stdout.write('\\n'.join(out))
            """
        let input = bits.map { String($0, radix: 16) }.joined(separator: "\n")
        let output = try run(script, input: Data(input.utf8))
        return String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Python's `repr` of each 4-byte float (read as a double, as plistlib does), by bit pattern.
    static func reprs(ofFloatBits bits: [UInt32]) throws -> [String] {
        let script = """
            import sys, struct
            out = []
            for line in sys.stdin.read().split():
                out.append(repr(struct.unpack('<f', int(line, 16).to_bytes(4, 'little'))[0]))
            sys.stdout.write('\\n'.join(out))
            """
        let input = bits.map { String($0, radix: 16) }.joined(separator: "\n")
        let output = try run(script, input: Data(input.utf8))
        return String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The reference dump settings, applied to whatever Python builds.
    static let dumpFunction = """
        import json
        def canon(o):
            return json.dumps(o, ensure_ascii=False, separators=(',', ':'), sort_keys=True)
        """
}
