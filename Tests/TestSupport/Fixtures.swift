import Foundation

/// Finds the repository's `Fixtures/` directory from this source file's location, so tests read
/// real files without copying them into a bundle.
public enum Fixtures {
    /// The repository root: two levels above `Tests/TestSupport/`.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // root

    /// `Fixtures/` at the repository root.
    public static let root: URL = repositoryRoot.appendingPathComponent("Fixtures", isDirectory: true)

    /// The URL of a fixture.
    ///
    /// - Parameter relativePath: A path below `Fixtures/`, e.g. `"PropertyList/valid/empty.plist"`.
    /// - Returns: The URL (the file need not exist).
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath, isDirectory: false)
    }

    /// The contents of a fixture.
    ///
    /// - Parameter relativePath: A path below `Fixtures/`.
    /// - Returns: The file's bytes.
    /// - Throws: The file system's error when it cannot be read.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }

    /// The names of the files in a fixture directory whose names end in `suffix`, sorted.
    ///
    /// - Parameters:
    ///   - directory: A directory below `Fixtures/`, e.g. `"PropertyList/valid"`.
    ///   - suffix: The required ending, e.g. `".plist"`; empty for every file.
    /// - Returns: File names (not paths), sorted; empty when the directory is missing.
    public static func names(in directory: String, endingWith suffix: String = "") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url(directory).path)) ?? []
        return names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted()
    }
}
