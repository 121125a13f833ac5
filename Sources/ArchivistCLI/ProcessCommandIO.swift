import Foundation

/// The running process's standard streams and the real file system.
public struct ProcessCommandIO: CommandIO, Sendable {
    /// Creates the process IO.
    public init() {}

    public func readStandardInput() throws -> Data {
        try FileHandle.standardInput.readToEnd() ?? Data()
    }

    public func writeStandardOutput(_ data: Data) throws {
        try FileHandle.standardOutput.write(contentsOf: data)
    }

    public func writeStandardError(_ data: Data) {
        try? FileHandle.standardError.write(contentsOf: data)
    }
}
