import Foundation
import Persistence
import Testing

/// Store and SavableObjects directory names appear as written when portable; earlier escaped
/// directories are adopted, not orphaned.
@Suite struct StoreDirectoryNameTests {
    @Test func portableNamesAppearAsWritten() throws {
        for name in ["Archiver", "SavableObjects", "My-Store_2.v1", "people", "A", "x.y", String(repeating: "N", count: 128)] {
            #expect(StoreDirectoryName.isPortable(name), "\(name)")
            #expect(StoreDirectoryName.component(for: name) == name)
        }
        let location = StoreLocation.directory(URL(fileURLWithPath: "/data/app"))
        #expect(try location.directoryPath(application: "x", store: "Archiver", environment: [:]) == "/data/app/Archiver")
    }

    @Test func otherNamesKeepTheirEscaping() {
        let cases: [(String, String)] = [
            ("../up", "%2e.%2fup"), (".hidden", "%2ehidden"), ("", "="), ("My App", "^my%20^app"),
            ("é", "%c3%a9"), ("a/b", "a%2fb"), ("-dash", "-dash"), ("tilde~", "tilde%7e"),
        ]
        for (name, expected) in cases {
            #expect(!StoreDirectoryName.isPortable(name), "\(name)")
            #expect(StoreDirectoryName.component(for: name) == expected, "\(name)")
        }
        let long = String(repeating: "N", count: 129)
        #expect(!StoreDirectoryName.isPortable(long))
        #expect(StoreDirectoryName.component(for: long) == KeyFileName.stem(for: long).text)
    }

    @Test func applicationNamesAndKeysKeepTheirEscaping() throws {
        let environment = ["HOME": "/home/ada", "XDG_DATA_HOME": "/xdg"]
        let path = try StoreLocation.applicationSupport.directoryPath(application: "Notes", store: "Main",
                                                                      environment: environment)
        #expect(path == "/xdg/^notes/Main")
        let directory = try TemporaryDirectoryHolder()
        let store = try ArchiveStore(name: "Archiver", location: .directory(directory.url))
        try store.persist(Contact.sample(1), forKey: "Person")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directoryURL.path) == ["^person.arv"])
    }

    @Test func everyStoreKindOpensItsDirectoryAsWritten() throws {
        let directory = try TemporaryDirectoryHolder()
        let location = StoreLocation.directory(directory.url)
        let archive = try ArchiveStore(name: "Archiver", location: location)
        #expect(archive.directoryURL.lastPathComponent == "Archiver")
        let unique = try UniqueFileStore(name: "Uploads", location: location, fileExtension: "jpg")
        #expect(unique.directoryURL.lastPathComponent == "Uploads")
        let basic = try BasicValueStore(name: "Settings", location: location)
        #expect(basic.fileURL.deletingLastPathComponent().lastPathComponent == "Settings")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        #expect(names == ["Archiver", "Settings", "Uploads"])
    }

    @Test func anEscapedDirectoryOfAnEarlierVersionIsAdoptedUnderTheWrittenName() throws {
        let directory = try TemporaryDirectoryHolder()
        let legacy = directory.url.appendingPathComponent("^archiver")
        let earlier = try ArchiveStore(name: "Archiver", directoryPath: legacy.path, fileSystem: SystemFileSystem())
        try earlier.persist(Contact.sample(7), forKey: "me")
        let store = try ArchiveStore(name: "Archiver", location: .directory(directory.url))
        #expect(store.directoryURL.lastPathComponent == "Archiver")
        #expect(try store.retrieve(Contact.self, forKey: "me") == .sample(7))
        #expect(!FileManager.default.fileExists(atPath: legacy.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["Archiver"])
    }

    @Test func everyStoreKindAdoptsItsEscapedDirectory() throws {
        let directory = try TemporaryDirectoryHolder()
        let location = StoreLocation.directory(directory.url)
        let settings = directory.url.appendingPathComponent("^settings")
        try BasicValueStore(fileURL: settings.appendingPathComponent(BasicValueStore.logFileName)).set("dark", forKey: "theme")
        let uploads = directory.url.appendingPathComponent("^uploads")
        try FileManager.default.createDirectory(at: uploads, withIntermediateDirectories: true)
        try Data("jpeg".utf8).write(to: uploads.appendingPathComponent("photo.jpg"))
        #expect(try BasicValueStore(name: "Settings", location: location).string(forKey: "theme") == "dark")
        let unique = try UniqueFileStore(name: "Uploads", location: location, fileExtension: "jpg")
        #expect(FileManager.default.fileExists(atPath: unique.directoryURL.appendingPathComponent("photo.jpg").path))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        #expect(names == ["Settings", "Uploads"])
    }

    @Test func whenTheWrittenDirectoryExistsTheEscapedOneIsLeftAlone() throws {
        let directory = try TemporaryDirectoryHolder()
        let legacy = directory.url.appendingPathComponent("^archiver")
        let current = directory.url.appendingPathComponent("Archiver")
        for url in [legacy, current] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        let path = StoreDirectoryName.adopt(current.path, formerly: legacy.path, fileSystem: SystemFileSystem())
        #expect(path == current.path)
        #expect(FileManager.default.fileExists(atPath: legacy.path))
    }

    @Test func aFailedAdoptionKeepsUsingTheEscapedDirectory() throws {
        let directory = try TemporaryDirectoryHolder()
        let legacy = directory.url.appendingPathComponent("^archiver")
        try ArchiveStore(name: "Archiver", directoryPath: legacy.path, fileSystem: SystemFileSystem())
            .persist(Contact.sample(3), forKey: "kept")
        let disk = FaultInjectingFileSystem()
        disk.inject(FileSystemFault(.rename, code: EACCES))
        let location = StoreLocation.directory(directory.url)
        let path = try location.resolvedDirectoryPath(application: "x", store: "Archiver", environment: [:], fileSystem: disk)
        #expect(path == legacy.path)
        let store = try ArchiveStore(name: "Archiver", directoryPath: path, fileSystem: disk)
        #expect(try store.retrieve(Contact.self, forKey: "kept") == .sample(3))
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("Archiver").path))
    }

    @Test func aDirectoryAnotherProcessAdoptedFirstIsUsed() throws {
        let directory = try TemporaryDirectoryHolder()
        let legacy = directory.url.appendingPathComponent("^archiver")
        let current = directory.url.appendingPathComponent("Archiver")
        try FileManager.default.createDirectory(at: legacy, withIntermediateDirectories: true)
        let disk = FaultInjectingFileSystem()
        // Another opener renames the directory between our look and our rename, which then fails.
        disk.setHook { operation, _ in
            if operation == .rename { try? FileManager.default.moveItem(at: legacy, to: current) }
        }
        let path = StoreDirectoryName.adopt(current.path, formerly: legacy.path, fileSystem: disk)
        #expect(path == current.path)
        #expect(FileManager.default.fileExists(atPath: current.path))
    }

    @Test func aFileWithTheEscapedNameIsNotAdopted() throws {
        let directory = try TemporaryDirectoryHolder()
        let legacy = directory.url.appendingPathComponent("^archiver")
        try Data("not a directory".utf8).write(to: legacy)
        let current = directory.url.appendingPathComponent("Archiver")
        #expect(StoreDirectoryName.adopt(current.path, formerly: legacy.path, fileSystem: SystemFileSystem()) == current.path)
        #expect(FileManager.default.fileExists(atPath: legacy.path))
    }

    #if !canImport(Darwin)
    @Test func theSavableObjectsDirectoryIsNamedAsWrittenAndAdoptsTheEscapedOne() throws {
        let directory = try TemporaryDirectoryHolder()
        let environment = ["HOME": "/nonexistent", "XDG_DATA_HOME": directory.url.path]
        let fresh = SavableFiles.defaultDirectory(application: "fresh", environment: environment,
                                                  fileSystem: SystemFileSystem())
        #expect(fresh.path == directory.url.appendingPathComponent("fresh/SavableObjects").path)
        let legacy = directory.url.appendingPathComponent("notes/^savable^objects")
        try FileManager.default.createDirectory(at: legacy, withIntermediateDirectories: true)
        let memo = Memo(archiveURL: legacy.appendingPathComponent("^memo.plist"))
        memo.body = "kept"
        try memo.save()
        let adopted = SavableFiles.defaultDirectory(application: "notes", environment: environment,
                                                    fileSystem: SystemFileSystem())
        #expect(adopted.lastPathComponent == "SavableObjects")
        #expect(try Memo.load(from: adopted.appendingPathComponent("^memo.plist")).body == "kept")
        #expect(!FileManager.default.fileExists(atPath: legacy.path))
    }
    #endif

    @Test func theDefaultSavableObjectsDirectoryIsNamedAsWritten() {
        #expect(SavableFiles.defaultDirectory.lastPathComponent == "SavableObjects")
        #expect(Memo().archiveURL.deletingLastPathComponent().lastPathComponent == "SavableObjects")
    }
}
