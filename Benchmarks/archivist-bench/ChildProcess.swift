import Foundation

/// Runs a helper process and returns what it printed.
enum ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Runs `executable` with `arguments` and returns its standard output.
    ///
    /// - Throws: ``Failure`` when it cannot start or exits non-zero (with its standard error).
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Drain both pipes before waiting, so a chatty child cannot block on a full pipe.
        let errorData = ErrorCollector(errors.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData.finish(), as: UTF8.self)
            throw Failure(message: "exit \(process.terminationStatus): \(message.suffix(500))")
        }
        return String(decoding: outputData, as: UTF8.self)
    }

    /// Reads a pipe on another thread until end of file.
    private final class ErrorCollector: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }

        func finish() -> Data {
            done.wait()
            return data
        }
    }
}
