import Foundation
import Persistence
import Testing

/// Application, store and SavableObjects directory names appear as written when portable; earlier
/// escaped directories are adopted, not orphaned.
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

    @Test func portableApplicationNamesAppearAsWrittenAndOthersKeepTheirEscaping() throws {
        let environment = ["HOME": "/home/ada", "XDG_DATA_HOME": "/xdg", "XDG_CACHE_HOME": "/cache"]
        #expect(try StoreLocation.applicationSupport.directoryPath(application: "Notes", store: "Main",
                                                                   environment: environment) == "/xdg/Notes/Main")
        #expect(try StoreLocation.caches.directoryPath(application: "com.example.MyTool", store: "thumbs",
                                                       environment: environment) == "/cache/com.example.MyTool/thumbs")
        #expect(try StoreLocation.applicationSupport.directoryPath(application: "My App", store: "Main",
                                                                   environment: environment) == "/xdg/^my%20^app/Main")
        #expect(try StoreLocation.applicationSupport.directoryPath(application: "../up", store: "Main",
                                                                   environment: environment) == "/xdg/%2e.%2fup/Main")
        #expect(try StoreLocation.applicationSupport.directoryPath(application: "", store: "Main",
                                                                   environment: environment) == "/xdg/=/Main")
    }

    @Test func keysKeepTheirEscaping() throws {
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
    /// A platform directory (`$XDG_DATA_HOME`, `$XDG_CACHE_HOME`) in a temporary directory.
    private static func environment(_ directory: TemporaryDirectoryHolder) -> [String: String] {
        ["HOME": "/nonexistent", "XDG_DATA_HOME": directory.url.appendingPathComponent("data").path,
         "XDG_CACHE_HOME": directory.url.appendingPathComponent("cache").path]
    }

    @Test func anEscapedApplicationDirectoryOfAnEarlierVersionIsAdoptedWithEveryStoreInIt() throws {
        let directory = try TemporaryDirectoryHolder()
        let environment = Self.environment(directory)
        let data = directory.url.appendingPathComponent("data")
        // Both names escaped (the oldest layout), and a store named as written (the previous one).
        let oldest = data.appendingPathComponent("^my^tool/^archiver")
        try ArchiveStore(name: "Archiver", directoryPath: oldest.path, fileSystem: SystemFileSystem())
            .persist(Contact.sample(4), forKey: "me")
        let previous = data.appendingPathComponent("^my^tool/Settings")
        try BasicValueStore(fileURL: previous.appendingPathComponent(BasicValueStore.logFileName)).set("dark", forKey: "theme")
        let path = try StoreLocation.applicationSupport.resolvedDirectoryPath(
            application: "MyTool", store: "Archiver", environment: environment, fileSystem: SystemFileSystem())
        #expect(path == data.appendingPathComponent("MyTool/Archiver").path)
        #expect(try ArchiveStore(name: "Archiver", directoryPath: path, fileSystem: SystemFileSystem())
            .retrieve(Contact.self, forKey: "me") == .sample(4))
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == ["MyTool"])
        let settings = try StoreLocation.applicationSupport.resolvedDirectoryPath(
            application: "MyTool", store: "Settings", environment: environment, fileSystem: SystemFileSystem())
        #expect(settings == data.appendingPathComponent("MyTool/Settings").path)
        let log = URL(fileURLWithPath: settings).appendingPathComponent(BasicValueStore.logFileName)
        #expect(try BasicValueStore(fileURL: log).string(forKey: "theme") == "dark")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("MyTool").path).sorted()
                == ["Archiver", "Settings"])
    }

    @Test func theApplicationDirectoryIsAdoptedForDocumentsAndCachesToo() throws {
        let directory = try TemporaryDirectoryHolder()
        let environment = Self.environment(directory)
        let documents = directory.url.appendingPathComponent("data/^my^tool/Documents/^letters")
        let thumbs = directory.url.appendingPathComponent("cache/^my^tool/thumbs")
        for url in [documents, thumbs] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        #expect(try StoreLocation.documents.resolvedDirectoryPath(
            application: "MyTool", store: "Letters", environment: environment, fileSystem: SystemFileSystem())
            == directory.url.appendingPathComponent("data/MyTool/Documents/Letters").path)
        #expect(try StoreLocation.caches.resolvedDirectoryPath(
            application: "MyTool", store: "thumbs", environment: environment, fileSystem: SystemFileSystem())
            == directory.url.appendingPathComponent("cache/MyTool/thumbs").path)
        for parent in ["data", "cache"] {
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.appendingPathComponent(parent).path)
                    == ["MyTool"], "\(parent)")
        }
    }

    @Test func whenTheWrittenApplicationDirectoryExistsTheEscapedOneIsLeftAlone() throws {
        let directory = try TemporaryDirectoryHolder()
        let data = directory.url.appendingPathComponent("data")
        for name in ["^my^tool/Old", "MyTool"] {
            try FileManager.default.createDirectory(at: data.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let path = try StoreLocation.applicationSupport.resolvedDirectoryPath(
            application: "MyTool", store: "Old", environment: Self.environment(directory), fileSystem: SystemFileSystem())
        #expect(path == data.appendingPathComponent("MyTool/Old").path)
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("^my^tool/Old").path))
    }

    @Test func aNonPortableApplicationNameKeepsItsEscapedDirectory() throws {
        let directory = try TemporaryDirectoryHolder()
        let data = directory.url.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("^my%20^app/^archiver"),
                                                withIntermediateDirectories: true)
        let path = try StoreLocation.applicationSupport.resolvedDirectoryPath(
            application: "My App", store: "Archiver", environment: Self.environment(directory), fileSystem: SystemFileSystem())
        #expect(path == data.appendingPathComponent("^my%20^app/Archiver").path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == ["^my%20^app"])
    }

    @Test func aFailedApplicationAdoptionKeepsUsingTheEscapedApplicationDirectory() throws {
        let directory = try TemporaryDirectoryHolder()
        let data = directory.url.appendingPathComponent("data")
        let legacy = data.appendingPathComponent("^my^tool/^archiver")
        try ArchiveStore(name: "Archiver", directoryPath: legacy.path, fileSystem: SystemFileSystem())
            .persist(Contact.sample(5), forKey: "kept")
        let disk = FaultInjectingFileSystem()
        // Only the application directory's rename fails; the store's within it then succeeds.
        disk.inject(FileSystemFault(.rename, code: EXDEV, pathContains: "/MyTool", times: 1))
        let path = try StoreLocation.applicationSupport.resolvedDirectoryPath(
            application: "MyTool", store: "Archiver", environment: Self.environment(directory), fileSystem: disk)
        #expect(path == data.appendingPathComponent("^my^tool/Archiver").path)
        #expect(try ArchiveStore(name: "Archiver", directoryPath: path, fileSystem: disk)
            .retrieve(Contact.self, forKey: "kept") == .sample(5))
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == ["^my^tool"])
    }

    @Test func anEarlierDirectoryKeptAfterAFailedRenameStaysInUseForTheRestOfTheProcess() throws {
        let directory = try TemporaryDirectoryHolder()
        let data = directory.url.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("^my^tool/First"),
                                                withIntermediateDirectories: true)
        let disk = FaultInjectingFileSystem()
        disk.inject(FileSystemFault(.rename, code: EBUSY, times: 1))
        let environment = Self.environment(directory)
        let first = try StoreLocation.applicationSupport.resolvedDirectoryPath(
            application: "MyTool", store: "First", environment: environment, fileSystem: disk)
        #expect(first == data.appendingPathComponent("^my^tool/First").path)
        // The rename would succeed now, but a store may have `first` open: it is not moved.
        let second = try StoreLocation.applicationSupport.resolvedDirectoryPath(
            application: "MyTool", store: "Second", environment: environment, fileSystem: SystemFileSystem())
        #expect(second == data.appendingPathComponent("^my^tool/Second").path)
        #expect(FileManager.default.fileExists(atPath: first))
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("MyTool").path))
    }

    @Test func concurrentOpenersAllAdoptTheSameDirectories() throws {
        let directory = try TemporaryDirectoryHolder()
        let environment = Self.environment(directory)
        let data = directory.url.appendingPathComponent("data")
        try ArchiveStore(name: "Archiver", directoryPath: data.appendingPathComponent("^my^tool/^archiver").path,
                         fileSystem: SystemFileSystem()).persist(Contact.sample(6), forKey: "me")
        let paths = CollectedPaths()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            paths.add(try? StoreLocation.applicationSupport.resolvedDirectoryPath(
                application: "MyTool", store: "Archiver", environment: environment, fileSystem: SystemFileSystem()))
        }
        #expect(paths.all == Array(repeating: data.appendingPathComponent("MyTool/Archiver").path, count: 8))
        #expect(try ArchiveStore(name: "Archiver", directoryPath: data.appendingPathComponent("MyTool/Archiver").path,
                                 fileSystem: SystemFileSystem()).retrieve(Contact.self, forKey: "me") == .sample(6))
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == ["MyTool"])
    }

    /// Paths gathered from several threads.
    private final class CollectedPaths: @unchecked Sendable {
        // @unchecked: `paths` is only touched while `lock` is held.
        private let lock = NSLock()
        private var paths: [String?] = []

        func add(_ path: String?) { lock.withLock { paths.append(path) } }

        var all: [String?] { lock.withLock { paths } }
    }

    @Test func theSavableObjectsDirectoryOfAnEscapedApplicationDirectoryIsAdopted() throws {
        let directory = try TemporaryDirectoryHolder()
        let environment = Self.environment(directory)
        let legacy = directory.url.appendingPathComponent("data/^notes/^savable^objects")
        try FileManager.default.createDirectory(at: legacy, withIntermediateDirectories: true)
        let memo = Memo(archiveURL: legacy.appendingPathComponent("^memo.plist"))
        memo.body = "kept"
        try memo.save()
        let adopted = SavableFiles.defaultDirectory(application: "Notes", environment: environment,
                                                    fileSystem: SystemFileSystem())
        #expect(adopted.path == directory.url.appendingPathComponent("data/Notes/SavableObjects").path)
        #expect(try Memo.load(from: adopted.appendingPathComponent("^memo.plist")).body == "kept")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.appendingPathComponent("data").path)
                == ["Notes"])
    }

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
