/// What a passing ``ArchiveFixtures/check(_:in:formats:filePath:line:)-fczc`` did.
public struct ArchiveFixtureReport: Sendable, Equatable {
    /// The fixture directory, absolute.
    public var directory: String
    /// The fixture versions that were decoded and checked, oldest first.
    public var checkedVersions: [Int]
    /// Files written by this run (first record, re-record, or a format added to the newest
    /// version), absolute.
    public var recordedFiles: [String]
    /// The newest fixture version after this run.
    public var newestVersion: Int

    /// Creates a report.
    public init(directory: String, checkedVersions: [Int], recordedFiles: [String], newestVersion: Int) {
        self.directory = directory
        self.checkedVersions = checkedVersions
        self.recordedFiles = recordedFiles
        self.newestVersion = newestVersion
    }
}
