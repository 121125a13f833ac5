import Foundation

/// Finds a program the package builds (`swift build --build-tests` and `swift test` build every
/// executable) next to the test bundle, as the `archivist` executable tests find theirs.
enum BuiltExecutable {
    /// The built program called `name`, or `nil` when it is missing.
    ///
    /// - Parameter name: The executable's name, e.g. `archivist-crash-child`.
    /// - Returns: Its URL in the build directory.
    static func url(named name: String) -> URL? {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for directory in candidates {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Runs `url` with `arguments` to the end.
    ///
    /// - Parameters:
    ///   - url: The program.
    ///   - arguments: Its arguments.
    /// - Returns: The exit status and standard output.
    /// - Throws: When the program cannot start.
    static func run(_ url: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
