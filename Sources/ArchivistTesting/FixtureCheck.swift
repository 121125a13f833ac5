import Archivist
import Foundation

/// One run of a fixture check for a sample of `T`: round trip, record or compare, decode every
/// recorded version.
struct FixtureCheck<T: AutoCodable> {
    let sample: T
    let formats: [ArchiveFixtureFormat]
    private(set) var store: FixtureStore
    /// Whether to re-record the newest version (`ARCHIVIST_RECORD=1`).
    let record: Bool
    /// `==` when `T` is `Equatable`; otherwise values compare by their archived trees.
    let equal: ((T, T) -> Bool)?
    let location: FixtureLocation
    /// The sample's archived tree and its type record.
    let sampleTree: PropertyListValue
    let typeRecord: String

    init(sample: T, formats: [ArchiveFixtureFormat], directory: URL, record: Bool, equal: ((T, T) -> Bool)?,
         location: FixtureLocation) throws(ArchiveFixtureError) {
        self.sample = sample
        self.formats = formats
        self.record = record
        self.equal = equal
        self.location = location
        do {
            sampleTree = try AutoArchiver.encodeTree(sample)
        } catch {
            throw location.error(.archivingFailed, "the sample of \(T.self) cannot be archived: \(error)")
        }
        typeRecord = sampleTree.dictionaryValue?["$type"]?.stringValue ?? TypeRecord.stableName(of: T.self)
        store = FixtureStore(directory: directory, typeRecord: typeRecord, location: location)
    }

    func run() throws(ArchiveFixtureError) -> ArchiveFixtureReport {
        let current = try currentManifest(version: 0)
        let archives = try archiveSample()
        try checkRoundTrip(archives)
        let versions = try store.versions()
        if versions.isEmpty {
            switch FixtureHistory.find(T.self, current: current, in: store.directory) {
            case .alias(let stem)?:
                // The old name's fixtures are this type's history: check them, and record beside them.
                var check = self
                check.store = FixtureStore(directory: store.directory, baseName: stem, location: location)
                if try !check.store.versions().isEmpty { return try check.run() }
            case .lookalike(let oldRecord, let manifest)?:
                throw location.error(.schemaChanged,
                                     "\(typeRecord) has no fixtures, but \(oldRecord)'s in the same directory (\(manifest)) "
                                        + "list exactly its properties: was \(oldRecord) renamed?",
                                     notes: ["archives saved before the rename record \"\(oldRecord)\" under $type and no longer load — "
                                             + "register the old name so they do, and so this check uses \(oldRecord)'s fixtures: "
                                             + "AutoCodingRegistry.register(\(T.self).self, as: \"\(typeRecord)\", aliases: [\"\(oldRecord)\"])",
                                             "if it is another type, give it its own fixture directory"],
                                     fixturePath: store.directory.appendingPathComponent(manifest).path)
            case nil:
                break
            }
        }
        guard let newest = versions.last else {
            let written = try recordVersion(1, archives, replacing: false)
            return ArchiveFixtureReport(directory: store.directory.path, checkedVersions: [],
                                        recordedFiles: written, newestVersion: 1)
        }
        var newestManifest = try store.manifest(version: newest)
        let changes = SchemaComparison.changes(from: newestManifest, to: current)
        var written: [String] = []
        if changes.isEmpty {
            if record {
                written = try recordVersion(newest, archives, replacing: true)
                newestManifest.formats = formats
            } else {
                let added = formats.filter { !newestManifest.formats.contains($0) }
                if !added.isEmpty {
                    written = try recordFiles(newest, archives, formats: added)
                    newestManifest.formats += added
                    try writeManifest(newestManifest, replacing: true)
                    written.append(store.manifestURL(version: newest).path)
                }
            }
        }
        var failures: [String] = []
        var mismatches: [(file: String, lines: [String])] = []
        for version in versions {
            let manifest = version == newest ? newestManifest : try store.manifest(version: version)
            for format in manifest.formats {
                let url = store.fixtureURL(version: version, format: format)
                do {
                    let value = try decode(url)
                    if version == newest && changes.isEmpty, let difference = try difference(value) {
                        mismatches.append((url.lastPathComponent, difference))
                    }
                } catch let failure as FixtureDecodingFailure {
                    failures.append("\(url.lastPathComponent): \(failure.error)")
                } catch let error as ArchiveFixtureError {
                    throw error
                } catch {
                    throw location.error(.unreadableFixture, "cannot check \(url.lastPathComponent): \(error)", fixturePath: url.path)
                }
            }
        }
        if !changes.isEmpty {
            throw try schemaChanged(changes, since: newestManifest, failures: failures, archives: archives)
        }
        if !failures.isEmpty {
            throw location.error(.fixtureDoesNotDecode,
                                 "recorded \(typeRecord) fixtures no longer decode into the current type",
                                 notes: failures + ["old data saved by those versions would fail to load: bump autoCodingVersion "
                                                    + "and rewrite the old tree in autoCodingMigrate(from:tree:)"],
                                 fixturePath: store.directory.path)
        }
        if let first = mismatches.first {
            var notes = mismatches.flatMap { mismatch in ["\(mismatch.file) (recorded → sample):"] + mismatch.lines.map { "  " + $0 } }
            notes.append("if the sample changed on purpose, re-record the newest fixture: ARCHIVIST_RECORD=1 swift test")
            throw location.error(.valueMismatch, "\(first.file) decodes to a value different from the sample",
                                 notes: notes, fixturePath: store.directory.appendingPathComponent(first.file).path)
        }
        return ArchiveFixtureReport(directory: store.directory.path, checkedVersions: versions,
                                    recordedFiles: written, newestVersion: newest)
    }

    // MARK: - Steps

    private func currentManifest(version: Int) throws(ArchiveFixtureError) -> FixtureManifest {
        do {
            return FixtureManifest(fixtureVersion: version, type: typeRecord, autoCodingVersion: T.autoCodingVersion,
                                   formats: formats, properties: try SchemaReader.properties(of: T.self))
        } catch {
            throw location.error(.archivingFailed, "the properties of \(T.self) cannot be listed: \(error)")
        }
    }

    private func archiveSample() throws(ArchiveFixtureError) -> [ArchiveFixtureFormat: Data] {
        var archives: [ArchiveFixtureFormat: Data] = [:]
        for format in formats {
            do {
                archives[format] = try AutoArchiver.archive(sample, format: format.propertyListFormat)
            } catch {
                throw location.error(.archivingFailed, "the sample of \(T.self) cannot be archived as \(format.rawValue): \(error)")
            }
        }
        return archives
    }

    private func checkRoundTrip(_ archives: [ArchiveFixtureFormat: Data]) throws(ArchiveFixtureError) {
        for format in formats {
            guard let data = archives[format] else { continue }
            let copy: T
            do {
                copy = try AutoArchiver.unarchive(T.self, from: data)
            } catch {
                throw location.error(.roundTripMismatch, "the sample's own \(format.rawValue) archive does not decode: \(error)")
            }
            if let lines = try difference(copy) {
                throw location.error(.roundTripMismatch,
                                     "the sample does not round-trip through its \(format.rawValue) archive (sample → decoded)",
                                     notes: lines + ["no fixture was recorded; fix the type's archiving first"])
            }
        }
    }

    /// Lines describing how `value` differs from the sample, or `nil` when they are equal.
    private func difference(_ value: T) throws(ArchiveFixtureError) -> [String]? {
        if let equal, equal(value, sample) { return nil }
        let tree: PropertyListValue
        do {
            tree = try AutoArchiver.encodeTree(value)
        } catch {
            throw location.error(.archivingFailed, "a decoded \(T.self) cannot be archived again: \(error)")
        }
        let changes = PropertyListComparison.changes(from: tree, to: sampleTree, limit: 21)
        if changes.isEmpty {
            guard equal != nil else { return nil }
            return ["== says the values differ, yet they archive the same: == compares state the archive does not "
                    + "keep (a transient property?)"]
        }
        var lines = changes.prefix(20).map { $0.line(root: typeRecord) }
        if changes.count > 20 { lines.append("… and more") }
        return lines
    }

    /// Decodes one fixture file.
    ///
    /// - Throws: ``ArchiveFixtureError`` when the file is missing, unreadable or not a property
    ///   list; ``FixtureDecodingFailure`` when it is a property list the type does not read.
    private func decode(_ url: URL) throws -> T {
        guard let data = try store.read(url) else {
            throw location.error(.unreadableFixture, "fixture \(url.lastPathComponent) is missing (its manifest lists it)",
                                 notes: ["restore it from version control"], fixturePath: url.path)
        }
        do {
            _ = try PropertyListValue(from: data)
        } catch {
            throw location.error(.corruptFixture, "fixture \(url.lastPathComponent) is not a readable property list: \(error)",
                                 notes: ["restore it from version control; a fixture must never be edited by hand"],
                                 fixturePath: url.path)
        }
        do {
            return try AutoArchiver.unarchive(T.self, from: data)
        } catch {
            throw FixtureDecodingFailure(error: error)
        }
    }

    private func schemaChanged(_ changes: [SchemaChange], since manifest: FixtureManifest, failures: [String],
                               archives: [ArchiveFixtureFormat: Data]) throws(ArchiveFixtureError) -> ArchiveFixtureError {
        let old = manifest.fixtureVersion
        let next = old + 1
        let kept = old == 1 ? "v1" : "v1…v\(old)"
        var notes = changes.flatMap(\.lines) + SchemaComparison.likelyRenames(in: changes)
        if failures.isEmpty {
            notes.append("old data: every recorded fixture (\(kept)) still decodes into the current type")
        } else {
            notes.append("old data does NOT load:")
            notes += failures.map { "  " + $0 }
            notes.append("to keep it loading: bump autoCodingVersion and rewrite the old tree in autoCodingMigrate(from:tree:)")
        }
        let written = try recordVersion(next, archives, replacing: false)
        notes.append("recorded fixture v\(next): " + written.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
                     + "; \(kept) \(old == 1 ? "is" : "are") kept. Commit them; the next run checks against v\(next)")
        return location.error(.schemaChanged,
                              "\(typeRecord)'s archived schema changed since fixture v\(old) (\(store.manifestURL(version: old).lastPathComponent))",
                              notes: notes, fixturePath: store.manifestURL(version: old).path)
    }

    // MARK: - Recording

    /// Writes a version's fixtures then its manifest; returns the paths written.
    private func recordVersion(_ version: Int, _ archives: [ArchiveFixtureFormat: Data],
                               replacing: Bool) throws(ArchiveFixtureError) -> [String] {
        var written = replacing ? try replaceFiles(version, archives) : try recordFiles(version, archives, formats: formats)
        try writeManifest(try currentManifest(version: version), replacing: replacing)
        written.append(store.manifestURL(version: version).path)
        return written
    }

    private func recordFiles(_ version: Int, _ archives: [ArchiveFixtureFormat: Data],
                             formats: [ArchiveFixtureFormat]) throws(ArchiveFixtureError) -> [String] {
        var written: [String] = []
        for format in formats {
            guard let data = archives[format] else { continue }
            let url = store.fixtureURL(version: version, format: format)
            try store.write(data, to: url, replacing: false)
            written.append(url.path)
        }
        return written
    }

    private func replaceFiles(_ version: Int, _ archives: [ArchiveFixtureFormat: Data]) throws(ArchiveFixtureError) -> [String] {
        var written: [String] = []
        for format in formats {
            guard let data = archives[format] else { continue }
            let url = store.fixtureURL(version: version, format: format)
            try store.write(data, to: url, replacing: true)
            written.append(url.path)
        }
        return written
    }

    private func writeManifest(_ manifest: FixtureManifest, replacing: Bool) throws(ArchiveFixtureError) {
        let url = store.manifestURL(version: manifest.fixtureVersion)
        let data: Data
        do {
            data = try manifest.encoded()
        } catch {
            throw location.error(.writeFailed, "cannot encode the manifest \(url.lastPathComponent): \(error)", fixturePath: url.path)
        }
        try store.write(data, to: url, replacing: replacing)
    }
}
