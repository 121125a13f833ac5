import Foundation
import Persistence
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporary files named as a writer killed mid-write leaves them.
enum KilledWriter {
    /// The id of a process that was started, killed with `SIGKILL` and reaped: no longer running.
    ///
    /// - Returns: The dead process's id.
    /// - Throws: When `/bin/sh` cannot be started.
    static func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "kill -KILL $$"]
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// The name ``AtomicFileWriter`` gives the temporary file of a write of `target` by process
    /// `pid`: the prefix, the process id, a random tag and the target's name.
    ///
    /// - Parameters:
    ///   - target: The file being written.
    ///   - pid: The writer's process id.
    ///   - tag: The random tag.
    /// - Returns: The file name.
    static func temporaryName(for target: String, pid: Int32, tag: String = "5eed1e") -> String {
        "\(AtomicFileWriter.temporaryPrefix)\(pid)-\(tag)-\(target)"
    }

    /// Leaves a half-written temporary file of `target` in `directory`, as `pid` would.
    ///
    /// - Parameters:
    ///   - directory: The directory.
    ///   - target: The file being written.
    ///   - pid: The writer's process id.
    /// - Returns: The temporary file's URL.
    /// - Throws: When the file cannot be written.
    @discardableResult
    static func leaveTemporaryFile(in directory: URL, for target: String, pid: Int32) throws -> URL {
        let url = directory.appendingPathComponent(temporaryName(for: target, pid: pid))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("half written".utf8).write(to: url)
        return url
    }
}
