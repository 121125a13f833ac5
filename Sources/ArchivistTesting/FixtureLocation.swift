/// The test line a check reports failures at.
struct FixtureLocation: Sendable {
    var filePath: String
    var line: UInt

    /// An error located here.
    func error(_ kind: ArchiveFixtureError.Kind, _ message: String, notes: [String] = [],
               fixturePath: String? = nil) -> ArchiveFixtureError {
        ArchiveFixtureError(kind, message, notes: notes, fixturePath: fixturePath, filePath: filePath, line: line)
    }
}
