import Foundation

extension PythonOracle {
    /// Finds a Python 3.9+ with plistlib: `$ARCHIVIST_PYTHON` if set, else `python3` on `PATH`.
    static func locate() -> (oracle: PythonOracle?, reason: String) {
        let script = Fixtures.repositoryRoot.appendingPathComponent("Scripts/plist_oracle.py")
        guard FileManager.default.fileExists(atPath: script.path) else {
            return (nil, "Scripts/plist_oracle.py not found at \(script.path)")
        }
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let chosen = environment["ARCHIVIST_PYTHON"], !chosen.isEmpty { candidates.append(chosen) }
        for directory in (environment["PATH"] ?? "/usr/bin:/usr/local/bin").split(separator: ":") {
            candidates.append("\(directory)/python3")
        }
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            let executable = URL(fileURLWithPath: candidate)
            if works(executable) { return (PythonOracle(executable: executable, script: script), "") }
        }
        return (nil, "no python3 (3.9 or later, with plistlib) on PATH or in ARCHIVIST_PYTHON")
    }

    /// Whether `executable` runs and is new enough (`plistlib.UID` and `sort_keys` need 3.9 at most).
    private static func works(_ executable: URL) -> Bool {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-c", "import plistlib, sys; sys.exit(0 if sys.version_info >= (3, 9) else 1)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
