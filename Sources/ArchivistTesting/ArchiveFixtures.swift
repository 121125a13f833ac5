import Archivist
import Foundation

/// Fixture round-trip tests for `AutoCodable` types: pin a type's archive compatibility in one
/// call, from Swift Testing or XCTest.
///
/// ```swift
/// @Test func orderArchivesStayReadable() throws {
///     try ArchiveFixtures.check(Order.sample, in: "Fixtures/Order", formats: [.binary, .xml])
/// }
/// ```
///
/// The directory is relative to the directory of the calling test file (`#filePath`), so fixtures
/// live beside the tests and need no SwiftPM resources. Each call:
///
/// 1. archives the sample in every format and checks it decodes equal (`==` for `Equatable`
///    types, otherwise equal archived trees);
/// 2. on the first run, records version 1: `<Type>-v1.binary.plist`, `<Type>-v1.xml.plist` and
///    `<Type>-v1.manifest.json` (the type record, `autoCodingVersion`, and every archived
///    property's name, key and type, nested types included);
/// 3. on later runs, decodes every recorded version into the current type, and checks that the
///    newest one equals the sample;
/// 4. when the type's properties, keys, types, `autoCodingVersion` or type record differ from the
///    newest manifest, fails with the schema diff — added, removed, renamed, rekeyed and retyped
///    properties by key path, whether old data still loads (every old fixture is decoded to find
///    out) and what to do — and records the next version beside the old ones, which are never
///    overwritten. Commit the new files; the next run passes against them.
///
/// Set `ARCHIVIST_RECORD=1` to re-record the newest version from the sample (after changing the
/// sample on purpose). It never replaces a version whose schema differs: that still records a new
/// version. Nothing is written outside the fixture directory.
///
/// Failures throw ``ArchiveFixtureError``, whose description starts with `FILE:LINE: error:` at
/// the calling line; the library imports neither Testing nor XCTest.
public enum ArchiveFixtures {
    /// The environment variable that re-records the newest fixture version when set to `1`.
    public static let recordVariable = "ARCHIVIST_RECORD"

    /// Checks `sample`'s type against its recorded fixtures, recording them on the first run.
    ///
    /// Values are compared by their archived trees; the `Equatable` overload uses `==`.
    /// - Parameters:
    ///   - sample: A value with every property set to something other than its default, so a
    ///     lost property shows.
    ///   - directory: The fixture directory, relative to the calling file's directory, e.g.
    ///     `"Fixtures/Order"`. Absolute paths and `..` are refused.
    ///   - formats: The formats to record and check (default both).
    ///   - filePath: The calling file; leave the default.
    ///   - line: The calling line; leave the default.
    /// - Returns: What was checked and recorded.
    /// - Throws: ``ArchiveFixtureError`` located at the calling line.
    @discardableResult
    public static func check<T: AutoCodable>(_ sample: T, in directory: String,
                                             formats: [ArchiveFixtureFormat] = [.binary, .xml],
                                             filePath: StaticString = #filePath,
                                             line: UInt = #line) throws(ArchiveFixtureError) -> ArchiveFixtureReport {
        let location = FixtureLocation(filePath: "\(filePath)", line: line)
        return try check(sample, directory: try resolve(directory, location), formats: formats,
                         record: recordRequested, equal: nil, location: location)
    }

    /// Checks `sample`'s type against its recorded fixtures, comparing values with `==`.
    ///
    /// - Parameters:
    ///   - sample: A value with every property set to something other than its default.
    ///   - directory: The fixture directory, relative to the calling file's directory.
    ///   - formats: The formats to record and check (default both).
    ///   - filePath: The calling file; leave the default.
    ///   - line: The calling line; leave the default.
    /// - Returns: What was checked and recorded.
    /// - Throws: ``ArchiveFixtureError`` located at the calling line.
    @discardableResult
    public static func check<T: AutoCodable & Equatable>(_ sample: T, in directory: String,
                                                         formats: [ArchiveFixtureFormat] = [.binary, .xml],
                                                         filePath: StaticString = #filePath,
                                                         line: UInt = #line) throws(ArchiveFixtureError) -> ArchiveFixtureReport {
        let location = FixtureLocation(filePath: "\(filePath)", line: line)
        return try check(sample, directory: try resolve(directory, location), formats: formats,
                         record: recordRequested, equal: (==), location: location)
    }

    /// The check with an explicit absolute directory and record switch, for this package's tests.
    @discardableResult
    package static func check<T: AutoCodable>(_ sample: T, directory: URL, formats: [ArchiveFixtureFormat] = [.binary, .xml],
                                              record: Bool = false, filePath: String = #filePath,
                                              line: UInt = #line) throws(ArchiveFixtureError) -> ArchiveFixtureReport {
        try check(sample, directory: directory, formats: formats, record: record, equal: nil,
                  location: FixtureLocation(filePath: filePath, line: line))
    }

    /// ``check(_:directory:formats:record:filePath:line:)`` comparing with `==`.
    @discardableResult
    package static func check<T: AutoCodable & Equatable>(_ sample: T, directory: URL,
                                                          formats: [ArchiveFixtureFormat] = [.binary, .xml],
                                                          record: Bool = false, filePath: String = #filePath,
                                                          line: UInt = #line) throws(ArchiveFixtureError) -> ArchiveFixtureReport {
        try check(sample, directory: directory, formats: formats, record: record, equal: (==),
                  location: FixtureLocation(filePath: filePath, line: line))
    }

    private static func check<T: AutoCodable>(_ sample: T, directory: URL, formats: [ArchiveFixtureFormat], record: Bool,
                                              equal: ((T, T) -> Bool)?,
                                              location: FixtureLocation) throws(ArchiveFixtureError) -> ArchiveFixtureReport {
        var unique: [ArchiveFixtureFormat] = []
        for format in formats where !unique.contains(format) { unique.append(format) }
        guard !unique.isEmpty else {
            throw location.error(.invalidArguments, "no fixture format given: pass formats: [.binary], [.xml] or both")
        }
        let check = try FixtureCheck(sample: sample, formats: unique, directory: directory.standardizedFileURL,
                                     record: record, equal: equal, location: location)
        return try check.run()
    }

    private static var recordRequested: Bool {
        ProcessInfo.processInfo.environment[recordVariable] == "1"
    }

    /// The fixture directory for `relative` beside the calling file.
    private static func resolve(_ relative: String, _ location: FixtureLocation) throws(ArchiveFixtureError) -> URL {
        let components = relative.split(separator: "/", omittingEmptySubsequences: true)
        guard !relative.hasPrefix("/"), !components.isEmpty, !components.contains("..") else {
            throw location.error(.invalidArguments,
                                 "the fixture directory \"\(relative)\" must be a relative path below the test file's directory, without ..")
        }
        let base = URL(fileURLWithPath: location.filePath).deletingLastPathComponent()
        return components.reduce(base) { $0.appendingPathComponent(String($1), isDirectory: true) }
    }
}
