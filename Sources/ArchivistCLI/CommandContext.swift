import Foundation
import PropertyList

/// What a running subcommand works with: the IO, plus the reading and writing every subcommand
/// needs, with failures already turned into messages that name the file.
public struct CommandContext {
    /// The streams and file system.
    public let io: any CommandIO

    /// Creates a context over `io`.
    ///
    /// - Parameter io: Streams and files to use.
    public init(io: any CommandIO) {
        self.io = io
    }

    /// How a path is named in messages: `-` is standard input.
    public static func displayName(of path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// Reads the file at `path`, or standard input for `-`.
    ///
    /// - Parameter path: A path or `-`.
    /// - Returns: The bytes.
    /// - Throws: ``CommandFailure`` naming the file.
    public func readInput(_ path: String) throws(CommandFailure) -> Data {
        do {
            return path == "-" ? try io.readStandardInput() : try io.readFile(atPath: path)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("cannot read '\(Self.displayName(of: path))': \(error)")
        }
    }

    /// Reads and decodes the document at `path` (or standard input), detecting its format.
    ///
    /// - Parameter path: A path or `-`.
    /// - Returns: The value and the format it was in.
    /// - Throws: ``CommandFailure`` naming the file and, for invalid input, the error's location.
    public func readDocument(_ path: String) throws(CommandFailure) -> (value: PropertyListValue, format: DocumentFormat) {
        try decodeDocument(try readInput(path), name: Self.displayName(of: path))
    }

    /// Decodes a document's bytes, detecting its format; `name` names it in messages.
    func decodeDocument(_ data: Data, name: String) throws(CommandFailure) -> (value: PropertyListValue, format: DocumentFormat) {
        guard let format = DocumentFormat.detect(data) else {
            throw CommandFailure("\(name): not a binary, XML or canonical JSON property list"
                                 + (data.isEmpty ? " (the input is empty)" : ""))
        }
        do {
            return (try format.decode(data), format)
        } catch {
            throw CommandFailure("\(name): invalid \(format.displayName) property list: \(error)")
        }
    }

    /// Writes `data` to the file at `path`, or to standard output when `path` is `nil` or `-`.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - path: A path, `-`, or `nil`.
    /// - Throws: ``CommandFailure`` naming the destination.
    public func writeOutput(_ data: Data, to path: String?) throws(CommandFailure) {
        do {
            if let path, path != "-" {
                try io.writeFile(data, atPath: path)
            } else {
                try io.writeStandardOutput(data)
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("cannot write '\(path ?? "<stdout>")': \(error)")
        }
    }
}
