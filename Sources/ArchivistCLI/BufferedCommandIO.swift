import Foundation

/// In-memory standard streams, so a command can run inside a test or another program.
///
/// Standard input is a fixed buffer; whatever the command writes to standard output and error is
/// collected. Files use the real file system (the protocol's default implementations).
public final class BufferedCommandIO: CommandIO {
    /// What the command reads as standard input.
    public var standardInput: Data
    /// Everything written to standard output so far.
    public private(set) var standardOutput = Data()
    /// Everything written to standard error so far.
    public private(set) var standardError = Data()

    /// Creates streams with the given standard input.
    ///
    /// - Parameter standardInput: The bytes the command will read from standard input.
    public init(standardInput: Data = Data()) {
        self.standardInput = standardInput
    }

    /// Standard output decoded as UTF-8.
    public var outputText: String { String(decoding: standardOutput, as: UTF8.self) }

    /// Standard error decoded as UTF-8.
    public var errorText: String { String(decoding: standardError, as: UTF8.self) }

    public func readStandardInput() throws -> Data { standardInput }

    public func writeStandardOutput(_ data: Data) throws { standardOutput.append(data) }

    public func writeStandardError(_ data: Data) { standardError.append(data) }
}
