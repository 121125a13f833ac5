import Foundation
import Persistence
import Testing
import TestSupport

/// The durable atomic replacement every store's write goes through.
@Suite struct AtomicFileWriterTests {
    @Test func theDirectoryOfAPathIsItsParentAndOfABareNameTheCurrentDirectory() {
        let cases: [(path: String, directory: String)] = [
            ("/a/b", "/a"), ("/a", "/"), ("/", "/"), ("//", "/"), ("///a", "/"), ("/a//", "/"),
            ("a/b/", "a"), ("/a/b//", "/a"), ("a//b", "a"), ("../a/b", "../a"), ("./a", "."),
            ("/tmp/x y/é/values.log", "/tmp/x y/é"), ("", "."), ("values.log", "."),
            // Bare one-letter names and doubled slashes: Foundation's `deletingLastPathComponent`
            // traps on these in swift-corelibs-foundation.
            ("a", "."), ("a/", "."), ("a///b///", "a"),
        ]
        for (path, directory) in cases {
            #expect(AtomicFileWriter.directory(of: path) == directory, "\(path)")
        }
    }

    @Test func replacesTheFileAndLeavesNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("target").path
        let writer = AtomicFileWriter()
        try writer.write(Data("old".utf8), to: path)
        try writer.write(Data("new".utf8), to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["target"])
    }

    @Test func flushesTheFileBeforeTheRenameAndTheDirectoryAfterIt() throws {
        let directory = try TemporaryDirectory()
        let disk = FaultInjectingFileSystem()
        let path = directory.file("target").path
        try AtomicFileWriter(fileSystem: disk).write(Data("value".utf8), to: path)
        let operations = disk.recordedCalls.map(\.operation)
        #expect(operations == [.open, .write, .sync, .close, .rename, .syncDirectory])
        #expect(disk.recordedCalls.last?.path == directory.url.path)
    }

    @Test func atomicDurabilitySkipsBothFlushes() throws {
        let directory = try TemporaryDirectory()
        let disk = FaultInjectingFileSystem()
        try AtomicFileWriter(fileSystem: disk).write(Data("value".utf8), to: directory.file("t").path, durability: .atomic)
        #expect(!disk.recordedCalls.contains { $0.operation == .sync || $0.operation == .syncDirectory })
    }

    @Test(arguments: [FileSystemOperation.open, .write, .sync, .close, .rename])
    func aFailedStepKeepsTheOldContentsAndRemovesTheTemporaryFile(_ operation: FileSystemOperation) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("target").path
        let disk = FaultInjectingFileSystem()
        let writer = AtomicFileWriter(fileSystem: disk)
        try writer.write(Data("old".utf8), to: path)
        disk.inject(FileSystemFault(operation, code: EIO, bytesWrittenFirst: 2))
        #expect(throws: SystemCallError.self) { try writer.write(Data("new contents".utf8), to: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["target"])
    }

    @Test func removesLeftoversOfDeadProcessesOnlyAndNeverItsOwn() throws {
        let directory = try TemporaryDirectory()
        let dead = directory.file(AtomicFileWriter.temporaryPrefix + "999999999-1-x").path
        let mine = directory.file(AtomicFileWriter.temporaryPrefix + "\(getpid())-2-x").path
        #expect(FileManager.default.createFile(atPath: dead, contents: Data("torn".utf8)))
        #expect(FileManager.default.createFile(atPath: mine, contents: Data("in progress".utf8)))
        #expect(AtomicFileWriter().removeLeftoverTemporaryFiles(in: directory.url.path) == 1)
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: mine))
    }

    @Test func aKilledWriterLeavesEachFileWholeOldOrNew() throws {
        let directory = try TemporaryDirectory()
        var random = SeededRandom(seed: 5)
        for round in 0..<10 {
            try CrashChild.runAndKill(mode: "atomic-writer", arguments: [directory.url.path, "\(round)"],
                                      after: UInt32(random.below(20_000)))
            AtomicFileWriter().removeLeftoverTemporaryFiles(in: directory.url.path)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.url.path) {
                #expect(!AtomicFileWriter.isTemporaryFileName(name), "round \(round): leftover \(name)")
                let data = try Data(contentsOf: directory.file(name))
                #expect(throws: Never.self, "round \(round): \(name) is torn") { try StoreFileEnvelope.decode(data) }
            }
        }
    }
}
