import Foundation

/// The files of one type's fixtures in one directory: `<Base>-v<N>.manifest.json` and
/// `<Base>-v<N>.<format>.plist`. Every path it reads or writes is inside ``directory``.
struct FixtureStore {
    /// The fixture directory, absolute and standardized.
    let directory: URL
    /// The file-name stem: the type record with characters other than letters, digits, `.`, `_`
    /// and `-` replaced by `_`.
    let baseName: String
    /// Where failures are reported.
    let location: FixtureLocation

    init(directory: URL, typeRecord: String, location: FixtureLocation) {
        self.init(directory: directory, baseName: Self.fileStem(for: typeRecord), location: location)
    }

    /// A store whose files start with `baseName` (a renamed type's history keeps its old stem).
    init(directory: URL, baseName: String, location: FixtureLocation) {
        self.directory = directory
        self.baseName = baseName
        self.location = location
    }

    /// A type record as a file-name stem: `Box<Int>` → `Box_Int_`.
    static func fileStem(for typeRecord: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        let stem = String(typeRecord.map { allowed.contains($0) ? $0 : "_" })
        return stem.isEmpty || stem.hasPrefix(".") ? "_" + stem : stem
    }

    func manifestURL(version: Int) -> URL {
        directory.appendingPathComponent("\(baseName)-v\(version).manifest.json")
    }

    func fixtureURL(version: Int, format: ArchiveFixtureFormat) -> URL {
        directory.appendingPathComponent("\(baseName)-v\(version)\(format.fileSuffix)")
    }

    /// The recorded versions (those with a manifest), oldest first.
    ///
    /// - Throws: ``ArchiveFixtureError/Kind/unreadableFixture`` when the directory cannot be listed,
    ///   or a fixture file has no manifest (a record that was interrupted, or a deleted manifest).
    func versions() throws(ArchiveFixtureError) -> [Int] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else {
            throw location.error(.unreadableFixture, "the fixture directory \(directory.path) is a file",
                                 fixturePath: directory.path)
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw location.error(.unreadableFixture, "cannot list the fixture directory \(directory.path): \(error.localizedDescription)",
                                 fixturePath: directory.path)
        }
        var manifests: Set<Int> = []
        var fixtures: [(version: Int, name: String)] = []
        for name in names {
            if let version = version(in: name, suffix: ".manifest.json") {
                manifests.insert(version)
            }
            for format in ArchiveFixtureFormat.allCases {
                if let version = version(in: name, suffix: format.fileSuffix) { fixtures.append((version, name)) }
            }
        }
        if let orphan = fixtures.sorted(by: { $0.name < $1.name }).first(where: { !manifests.contains($0.version) }) {
            let path = directory.appendingPathComponent(orphan.name).path
            throw location.error(.unreadableFixture, "fixture \(orphan.name) has no manifest \(baseName)-v\(orphan.version).manifest.json",
                                 notes: ["restore the manifest from version control, or delete \(path) if it is left over from an interrupted record"],
                                 fixturePath: path)
        }
        return manifests.sorted()
    }

    /// The version number in a file name of this store with `suffix`, e.g. 3 in `Order-v3.xml.plist`.
    private func version(in name: String, suffix: String) -> Int? {
        let prefix = "\(baseName)-v"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), digits.first != "0" else { return nil }
        return Int(digits)
    }

    /// Reads and parses a version's manifest.
    ///
    /// - Throws: ``ArchiveFixtureError/Kind/corruptManifest`` naming the file.
    func manifest(version: Int) throws(ArchiveFixtureError) -> FixtureManifest {
        let url = manifestURL(version: version)
        guard let data = try read(url) else {
            throw location.error(.corruptManifest, "the manifest \(url.lastPathComponent) is missing", fixturePath: url.path)
        }
        let manifest: FixtureManifest
        do {
            manifest = try FixtureManifest.decoded(from: data)
        } catch {
            throw location.error(.corruptManifest, "the manifest \(url.lastPathComponent) is not a fixture manifest: \(Self.describe(error))",
                                 notes: ["restore it from version control; its fixtures cannot be checked without it"],
                                 fixturePath: url.path)
        }
        guard manifest.fixtureVersion == version else {
            throw location.error(.corruptManifest, "the manifest \(url.lastPathComponent) says fixtureVersion \(manifest.fixtureVersion)",
                                 fixturePath: url.path)
        }
        return manifest
    }

    /// The contents of a file of this store, or `nil` when it does not exist.
    ///
    /// - Throws: ``ArchiveFixtureError/Kind/unreadableFixture`` naming the file.
    func read(_ url: URL) throws(ArchiveFixtureError) -> Data? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
        guard !isDirectory.boolValue else {
            throw location.error(.unreadableFixture, "\(url.lastPathComponent) is a directory, not a fixture file", fixturePath: url.path)
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw location.error(.unreadableFixture, "cannot read \(url.lastPathComponent): \(error.localizedDescription)",
                                 fixturePath: url.path)
        }
    }

    /// Writes a file of this store: a new file only (never replacing one) unless `replacing`.
    ///
    /// - Throws: ``ArchiveFixtureError/Kind/writeFailed`` naming the file.
    func write(_ data: Data, to url: URL, replacing: Bool) throws(ArchiveFixtureError) {
        guard url.deletingLastPathComponent().standardizedFileURL.path == directory.path else {
            throw location.error(.writeFailed, "refusing to write \(url.path) outside the fixture directory", fixturePath: url.path)
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            if !replacing && FileManager.default.fileExists(atPath: url.path) {
                throw CocoaError(.fileWriteFileExists)
            }
            try data.write(to: url, options: replacing ? .atomic : .withoutOverwriting)
        } catch {
            throw location.error(.writeFailed, "cannot write \(url.lastPathComponent): \(error.localizedDescription)",
                                 fixturePath: url.path)
        }
    }

    /// A decoding error in a sentence.
    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        case DecodingError.keyNotFound(let key, _): return "the key \"\(key.stringValue)\" is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "\(path.isEmpty ? "" : path + ": ")\(context.debugDescription)"
        default: return "\(error)"
        }
    }
}
