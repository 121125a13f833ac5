import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts `archivist-crash-child` in a mode and kills it with `SIGKILL` at a chosen moment.
///
/// The child is built with the package (`swift build --build-tests` and `swift test` build every
/// executable) and found next to the test bundle, as the `archivist` executable tests find theirs.
enum CrashChild {
    /// The built child, or `nil` when it is missing (the crash tests then fail and say so).
    static let url: URL? = BuiltExecutable.url(named: "archivist-crash-child")

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the child until it prints `ready`, waits `delay` microseconds, kills it, and reaps it.
    ///
    /// - Parameters:
    ///   - mode: The child's mode.
    ///   - arguments: The mode's arguments.
    ///   - delay: Microseconds between `ready` and `SIGKILL`.
    /// - Returns: `true` when the kill hit the running child (it did not exit by itself).
    /// - Throws: ``Failure`` when the child is missing, cannot start or exits with an error.
    @discardableResult
    static func runAndKill(mode: String, arguments: [String], after delay: UInt32) throws -> Bool {
        guard let url else {
            throw Failure(description: "archivist-crash-child was not found next to the test bundle; "
                          + "build it with `swift build --build-tests`")
        }
        let process = Process()
        process.executableURL = url
        process.arguments = [mode] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var announced = Data()
        while !announced.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            announced.append(chunk)
        }
        guard String(decoding: announced, as: UTF8.self).hasPrefix("ready") else {
            process.waitUntilExit()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw Failure(description: "the child exited (\(process.terminationStatus)) before it was ready: \(message)")
        }
        if delay > 0 { usleep(delay) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        if process.terminationReason == .exit {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw Failure(description: "the child exited by itself (\(process.terminationStatus)): \(message)")
        }
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }
}
