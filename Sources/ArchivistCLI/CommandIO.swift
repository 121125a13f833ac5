import Foundation

/// Where a command reads input and writes output: the process's streams and file system, or
/// buffers in tests (``BufferedCommandIO``).
///
/// Files go through the same protocol so a host can sandbox them; the default implementations use
/// the real file system.
public protocol CommandIO {
    /// Reads all of standard input.
    ///
    /// - Returns: The bytes up to end of file.
    /// - Throws: When standard input cannot be read.
    func readStandardInput() throws -> Data

    /// Writes bytes to standard output.
    ///
    /// - Parameter data: The bytes to write.
    /// - Throws: When standard output cannot be written (e.g. a closed pipe).
    func writeStandardOutput(_ data: Data) throws

    /// Writes bytes to standard error; failures are ignored, there is nowhere left to report them.
    ///
    /// - Parameter data: The bytes to write.
    func writeStandardError(_ data: Data)

    /// Reads a whole file.
    ///
    /// - Parameter path: A file-system path.
    /// - Returns: The file's bytes.
    /// - Throws: ``CommandFailure`` with a message naming `path` and the reason.
    func readFile(atPath path: String) throws -> Data

    /// Replaces (or creates) a file atomically.
    ///
    /// - Parameters:
    ///   - data: The new contents.
    ///   - path: A file-system path.
    /// - Throws: ``CommandFailure`` with a message naming `path` and the reason.
    func writeFile(_ data: Data, atPath path: String) throws
}

extension CommandIO {
    public func readFile(atPath path: String) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure("cannot read '\(path)': no such file or directory")
        }
        if isDirectory.boolValue {
            throw CommandFailure("cannot read '\(path)': it is a directory")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw CommandFailure("cannot read '\(path)': permission denied")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure("cannot read '\(path)': \(error.localizedDescription)")
        }
    }

    public func writeFile(_ data: Data, atPath path: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure("cannot write '\(path)': \(error.localizedDescription)")
        }
    }
}
