import Archivist
import Foundation

/// Finds the fixtures a renamed type left under its old name in the same directory.
///
/// Fixture files are named by the type record, so after a rename the check would find no fixtures
/// and record version 1 afresh, never noticing that the old archives (which record the old name)
/// no longer load. This looks at the other types' newest manifests in the directory instead.
enum FixtureHistory {
    /// What the directory says about a type without fixtures of its own.
    enum Finding {
        /// Another name's fixtures are this type's: the old name is registered as an alias of it
        /// (or their newest version already records this type). `stem` starts their file names.
        case alias(stem: String)
        /// Another type's newest manifest lists exactly these properties: probably a rename.
        case lookalike(typeRecord: String, manifest: String)
    }

    /// The finding for `T` with the current `manifest`, or `nil` when the type is simply new.
    static func find<T: AutoCodable>(_ type: T.Type, current manifest: FixtureManifest, in directory: URL) -> Finding? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return nil }
        var newest: [String: (version: Int, name: String)] = [:]
        for name in names where name.hasSuffix(".manifest.json") {
            let stem = name.dropLast(".manifest.json".count)
            guard let marker = stem.range(of: "-v", options: .backwards),
                  let version = Int(stem[marker.upperBound...]), version > 0 else { continue }
            let base = String(stem[..<marker.lowerBound])
            if version > newest[base]?.version ?? 0 { newest[base] = (version, name) }
        }
        var lookalike: Finding?
        for (stem, entry) in newest.sorted(by: { $0.key < $1.key }) {
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(entry.name)),
                  let other = try? FixtureManifest.decoded(from: data) else { continue }
            if other.type == manifest.type { return .alias(stem: stem) }
            if let registered = AutoCodingRegistry.type(named: other.type), ObjectIdentifier(registered) == ObjectIdentifier(T.self) {
                return .alias(stem: stem)
            }
            if lookalike == nil && other.properties == manifest.properties {
                lookalike = .lookalike(typeRecord: other.type, manifest: entry.name)
            }
        }
        return lookalike
    }
}
