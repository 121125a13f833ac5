import Foundation
import PropertyList

/// Runs CPython's `plistlib` (through `Scripts/plist_oracle.py`) as an independent oracle.
///
/// Every call handles a whole batch in one Python process: values go in as canonical-JSON lines
/// and come back as files, or files go in and come back as canonical-JSON lines. When no usable
/// `python3` (3.9 or later) is found, ``shared`` is `nil` and ``unavailableReason`` says why, so
/// suites can skip visibly with `.enabled(if: PythonOracle.isAvailable, …)`.
public struct PythonOracle: Sendable {
    /// Why the oracle refused one document or value (plistlib's own message).
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// plistlib's exception type and message.
        public var message: String
        /// Creates a refusal.
        ///
        /// - Parameter message: What went wrong.
        public init(_ message: String) { self.message = message }
        /// The message.
        public var description: String { message }
    }

    /// The Python interpreter.
    public let executable: URL
    /// `Scripts/plist_oracle.py`.
    public let script: URL

    /// The search result, made once per test process (it starts a Python to check its version).
    private static let located = locate()
    /// The oracle, or `nil` when no usable Python was found.
    public static var shared: PythonOracle? { located.oracle }
    /// Whether ``shared`` is available.
    public static var isAvailable: Bool { shared != nil }
    /// Why ``shared`` is `nil`, for skip messages; empty when it is available.
    public static var unavailableReason: String { located.reason }

    /// Writes each canonical-JSON value with `plistlib` in `format`.
    ///
    /// - Parameters:
    ///   - canonicalJSON: One canonical-JSON document per value (no newlines inside).
    ///   - format: `.binary` or `.xml`.
    /// - Returns: Per value, the file plistlib wrote or its refusal, in input order.
    /// - Throws: ``Refusal`` when the Python process itself fails.
    public func write(_ canonicalJSON: [String], as format: PropertyListFormat) throws -> [Result<Data, Refusal>] {
        let directory = try TemporaryDirectory(prefix: "archivist-oracle-write")
        let input = directory.file("input.jsonl")
        try Data((canonicalJSON.joined(separator: "\n") + "\n").utf8).write(to: input)
        try run(["write", input.path, directory.url.path, "--formats", format.rawValue])
        return canonicalJSON.indices.map { number in
            let base = "\(number).\(format.rawValue)"
            if let data = try? Data(contentsOf: directory.file(base + ".plist")) { return .success(data) }
            let error = (try? String(contentsOf: directory.file(base + ".error"), encoding: .utf8))
            return .failure(Refusal(error ?? "plist_oracle.py wrote neither \(base).plist nor \(base).error"))
        }
    }

    /// Reads each document with `plistlib`.
    ///
    /// - Parameter documents: Binary or XML property lists (plistlib detects which).
    /// - Returns: Per document, its canonical JSON or plistlib's refusal, in input order.
    /// - Throws: ``Refusal`` when the Python process itself fails.
    public func read(_ documents: [Data]) throws -> [Result<String, Refusal>] {
        let directory = try TemporaryDirectory(prefix: "archivist-oracle-read")
        var paths: [String] = []
        paths.reserveCapacity(documents.count)
        for (number, document) in documents.enumerated() {
            let file = directory.file("\(number).plist")
            try document.write(to: file)
            paths.append(file.path)
        }
        return try read(files: paths, scratch: directory)
    }

    /// Reads files with `plistlib`.
    ///
    /// - Parameter paths: Paths of binary or XML property lists.
    /// - Returns: Per file, its canonical JSON or plistlib's refusal, in input order.
    /// - Throws: ``Refusal`` when the Python process itself fails.
    public func read(files paths: [String]) throws -> [Result<String, Refusal>] {
        let directory = try TemporaryDirectory(prefix: "archivist-oracle-read")
        return try read(files: paths, scratch: directory)
    }

    /// The dictionary key order plistlib finds in each document, which canonical JSON hides.
    ///
    /// - Parameter documents: Binary or XML property lists.
    /// - Returns: Per document, the key lists of its dictionaries in depth-first order (a
    ///   dictionary, then its values in order), or plistlib's refusal.
    /// - Throws: ``Refusal`` when the Python process itself fails.
    public func keyOrder(_ documents: [Data]) throws -> [Result<[[String]], Refusal>] {
        let directory = try TemporaryDirectory(prefix: "archivist-oracle-keys")
        var paths: [String] = []
        for (number, document) in documents.enumerated() {
            let file = directory.file("\(number).plist")
            try document.write(to: file)
            paths.append(file.path)
        }
        return try read(files: paths, scratch: directory, mode: "keys").map { answer in
            answer.flatMap { line in
                // Keys arrive as hex UTF-8: Foundation's JSON parser drops a leading U+FEFF.
                guard let lists = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [[String]],
                      let keys = Self.decodeHexKeys(lists) else {
                    return .failure(Refusal("unexpected key-order line \(line.prefix(200))"))
                }
                return .success(keys)
            }
        }
    }

    private static func decodeHexKeys(_ lists: [[String]]) -> [[String]]? {
        var result: [[String]] = []
        for list in lists {
            var keys: [String] = []
            for hex in list {
                var bytes: [UInt8] = []
                var digits = hex.utf8.makeIterator()
                while let high = digits.next() {
                    guard let low = digits.next(), let byte = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
                    else { return nil }
                    bytes.append(byte)
                }
                guard let key = String(validating: bytes, as: UTF8.self) else { return nil }
                keys.append(key)
            }
            result.append(keys)
        }
        return result
    }

    private func read(files paths: [String], scratch directory: borrowing TemporaryDirectory,
                      mode: String = "read") throws -> [Result<String, Refusal>] {
        let list = directory.file("list.txt")
        let output = directory.file("output.jsonl")
        try Data((paths.joined(separator: "\n") + "\n").utf8).write(to: list)
        try run([mode, list.path, output.path])
        let text = try String(contentsOf: output, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard lines.count == paths.count else {
            throw Refusal("plist_oracle.py answered \(lines.count) lines for \(paths.count) files")
        }
        return lines.map { line in
            // Answers are canonical nodes {"type"… or key lists […; refusals are {"error": …}.
            if line.hasPrefix("{\"error\"") { return .failure(Refusal(line)) }
            return .success(line)
        }
    }

    private func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = [script.path] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The script writes results to files, so only stderr (small) goes through a pipe.
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Refusal("plist_oracle.py \(arguments.first ?? "") exited with \(process.terminationStatus): "
                + String(decoding: message, as: UTF8.self))
        }
    }
}
