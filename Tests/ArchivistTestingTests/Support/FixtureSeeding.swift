import Archivist
import ArchivistTesting
import Foundation

/// Makes fixtures as an earlier release of the app would have left them: records `sample` of an
/// old type, then renames its files and type record to those of the current type.
enum FixtureSeeding {
    static func seed<Old: AutoCodable & Equatable>(_ sample: Old, as current: String, oldRecord: String,
                                                   in directory: URL) throws {
        let scratch = directory.appendingPathComponent(".seed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try ArchiveFixtures.check(sample, directory: scratch)
        for format in ["binary", "xml"] {
            let data = try Data(contentsOf: scratch.appendingPathComponent("\(oldRecord)-v1.\(format).plist"))
            guard case .dictionary(var root) = try PropertyListValue(from: data) else { throw SeedingError() }
            root["$type"] = .string(current)
            let rewritten = try PropertyListValue.dictionary(root).encoded(as: format == "xml" ? .xml : .binary)
            try rewritten.write(to: directory.appendingPathComponent("\(current)-v1.\(format).plist"))
        }
        let manifestData = try Data(contentsOf: scratch.appendingPathComponent("\(oldRecord)-v1.manifest.json"))
        guard var manifest = try JSONSerialization.jsonObject(with: manifestData) as? [String: Any] else { throw SeedingError() }
        manifest["type"] = current
        let output = try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys])
        try output.write(to: directory.appendingPathComponent("\(current)-v1.manifest.json"))
    }

    struct SeedingError: Error {}
}
