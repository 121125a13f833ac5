import AutoCoding
import Foundation
import Persistence
import PropertyList
import Testing
import TestSupport

/// A small object for the bit-flip test: a string, a number, an array and a Boolean.
final class Sticker: SavableObject {
    var text = "hi ✓"
    var count = 7
    var flags = [true, false]
    var pinned = true
    required init() { super.init() }

    func sameProperties(as other: Sticker) -> Bool {
        text == other.text && count == other.count && flags == other.flags && pinned == other.pinned
    }
}

/// The file work SavableObject and SavableValue share: sealed files, leftover temporary files.
@Suite struct SavableFilesTests {
    @Test func everySingleBitFlipOfASavedObjectIsCorruptOrTheIdenticalValue() throws {
        let directory = try TemporaryDirectoryHolder()
        let sticker = Sticker(archiveURL: directory.url.appendingPathComponent("sticker.plist"))
        try sticker.save()
        let saved = try Data(contentsOf: sticker.archiveURL)
        let damaged = directory.url.appendingPathComponent("damaged.plist")
        var corrupt = 0
        var identical = 0
        for offset in saved.indices {
            for bit in 0..<8 {
                var flipped = saved
                flipped[offset] ^= UInt8(1) << bit
                try flipped.write(to: damaged)
                do {
                    let loaded = try Sticker.load(from: damaged)
                    if loaded.sameProperties(as: sticker) {
                        identical += 1
                    } else {
                        Issue.record("bit \(bit) of byte \(offset) loaded as another value")
                    }
                } catch {
                    #expect(error.kind == .corrupt, "bit \(bit) of byte \(offset): \(error)")
                    #expect(error.path == damaged.path)
                    corrupt += 1
                }
            }
        }
        #expect(corrupt + identical == saved.count * 8)
        // Only the seal's marker byte is outside the checksum: a flip there unseals an intact file.
        #expect(identical <= 8)
    }

    @Test func aDamagedSavableValueFileIsCorruptNamingTheFile() throws {
        let directory = try TemporaryDirectoryHolder()
        let preferences = Preferences(theme: "solarized", folder: directory.url.path)
        try preferences.save()
        var data = try Data(contentsOf: preferences.archiveURL)
        let offset = try #require(data.firstRange(of: Data("solarized".utf8))).lowerBound
        data[offset] = UInt8(ascii: "S")
        try data.write(to: preferences.archiveURL)
        let error = try #require(throws: PersistenceError.self) { try Preferences.load(from: preferences.archiveURL) }
        #expect(error.kind == .corrupt)
        #expect(error.path == preferences.archiveURL.path)
        #expect(error.key == "preferences.plist")
        #expect("\(error)".contains("checksum"))
        #expect(Preferences.loadObject(from: preferences.archiveURL) == nil)
    }

    @Test func anUnsealedFileFromAnEarlierVersionStillLoads() throws {
        let directory = try TemporaryDirectoryHolder()
        let url = directory.url.appendingPathComponent("old.plist")
        let old = Sticker()
        old.text = "written before seals"
        // Earlier versions wrote the plain archive: the trailer's unused bytes are all zero.
        let plain = try AutoArchiver.archive(old, format: .binary)
        #expect(BinaryPropertyListSeal.verify(plain) == .notSealed)
        try plain.write(to: url)
        let loaded = try Sticker.load(from: url)
        #expect(loaded.sameProperties(as: old))
        try loaded.save()
        #expect(BinaryPropertyListSeal.verify(try Data(contentsOf: url)) == .intact)
    }

    @Test func savedFilesAreSealedAndBackgroundSavesToo() throws {
        let directory = try TemporaryDirectoryHolder()
        let sticker = Sticker(archiveURL: directory.url.appendingPathComponent("sticker.plist"))
        try sticker.save()
        #expect(BinaryPropertyListSeal.verify(try Data(contentsOf: sticker.archiveURL)) == .intact)
        sticker.count = 8
        sticker.saveInBackground()
        SavableObject.flushBackgroundSaves()
        #expect(BinaryPropertyListSeal.verify(try Data(contentsOf: sticker.archiveURL)) == .intact)
        #expect(try Sticker.load(from: sticker.archiveURL).count == 8)
    }

    @Test func aSealedFileReadsInFoundation() throws {
        let directory = try TemporaryDirectoryHolder()
        let sticker = Sticker(archiveURL: directory.url.appendingPathComponent("sticker.plist"))
        try sticker.save()
        let data = try Data(contentsOf: sticker.archiveURL)
        let object = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        #expect(object?["text"] as? String == "hi ✓")
        #expect((object?["count"] as? NSNumber)?.intValue == 7)
    }

    @Test(.enabled(if: PythonOracle.isAvailable, "plistlib oracle unavailable: \(PythonOracle.unavailableReason)"))
    func aSealedFileReadsInPlistlib() throws {
        let oracle = try #require(PythonOracle.shared)
        let directory = try TemporaryDirectoryHolder()
        let sticker = Sticker(archiveURL: directory.url.appendingPathComponent("sticker.plist"))
        try sticker.save()
        let answer = try #require(try oracle.read(files: [sticker.archiveURL.path]).first).get()
        #expect(answer == (try PropertyListValue(from: Data(contentsOf: sticker.archiveURL))).canonicalJSON())
    }

    @Test(.enabled(if: BuiltExecutable.url(named: "archivist") != nil,
                   "the archivist executable was not found next to the test bundle: dump check skipped"))
    func aSealedFileReadsInArchivistDump() throws {
        let archivist = try #require(BuiltExecutable.url(named: "archivist"))
        let directory = try TemporaryDirectoryHolder()
        let sticker = Sticker(archiveURL: directory.url.appendingPathComponent("sticker.plist"))
        try sticker.save()
        let dump = try BuiltExecutable.run(archivist, ["dump", sticker.archiveURL.path])
        #expect(dump.status == 0)
        #expect(dump.output.contains("hi ✓"))
    }

    @Test func theFirstSaveIntoADirectoryRemovesWhatKilledWritersLeft() throws {
        let directory = try TemporaryDirectoryHolder()
        let folder = directory.url.appendingPathComponent("stickers")
        let dead = try KilledWriter.deadProcessID()
        let leftover = try KilledWriter.leaveTemporaryFile(in: folder, for: "sticker.plist", pid: dead)
        // Process 1 always runs, and so does this one: their files may be writes in progress.
        let live = try KilledWriter.leaveTemporaryFile(in: folder, for: "other.plist", pid: 1)
        let mine = try KilledWriter.leaveTemporaryFile(in: folder, for: "mine.plist", pid: getpid())
        let sticker = Sticker(archiveURL: folder.appendingPathComponent("sticker.plist"))
        try sticker.save()
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
        #expect(FileManager.default.fileExists(atPath: mine.path))
        #expect(try Sticker.load(from: sticker.archiveURL).sameProperties(as: sticker))
    }

    @Test func aLoadSweepsItsDirectoryOnlyTheFirstTime() throws {
        let directory = try TemporaryDirectoryHolder()
        let folder = directory.url.appendingPathComponent("loaded")
        let url = folder.appendingPathComponent("sticker.plist")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Written without SavableFiles, so the load is the first thing to touch the directory.
        try AutoArchiver.archive(Sticker(), format: .binary).write(to: url)
        let dead = try KilledWriter.deadProcessID()
        let first = try KilledWriter.leaveTemporaryFile(in: folder, for: "sticker.plist", pid: dead)
        _ = try Sticker.load(from: url)
        #expect(!FileManager.default.fileExists(atPath: first.path))
        let second = try KilledWriter.leaveTemporaryFile(in: folder, for: "later.plist", pid: dead)
        _ = try Sticker.load(from: url)
        #expect(FileManager.default.fileExists(atPath: second.path), "swept once per directory per process")
    }

    @Test func backgroundSavesAndDeletesSweepTheirDirectoryToo() throws {
        let directory = try TemporaryDirectoryHolder()
        let dead = try KilledWriter.deadProcessID()
        let saved = directory.url.appendingPathComponent("background")
        let savedLeftover = try KilledWriter.leaveTemporaryFile(in: saved, for: "v.plist", pid: dead)
        var preferences = Preferences(folder: saved.path)
        preferences.theme = "dusk"
        preferences.saveInBackground()
        SavableObject.flushBackgroundSaves()
        #expect(!FileManager.default.fileExists(atPath: savedLeftover.path))
        #expect(try Preferences.load(from: preferences.archiveURL).theme == "dusk")
        let deleted = directory.url.appendingPathComponent("deleted")
        let deletedLeftover = try KilledWriter.leaveTemporaryFile(in: deleted, for: "preferences.plist", pid: dead)
        #expect(try !Preferences(folder: deleted.path).delete())
        #expect(!FileManager.default.fileExists(atPath: deletedLeftover.path))
    }
}
