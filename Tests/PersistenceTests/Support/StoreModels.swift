import AutoCoding
import Foundation
import Persistence

/// A small record stored by the persistence suites.
struct Contact: AutoCodable, Equatable, Sendable {
    var id = 0
    var name = ""
    var email = ""
    var tags: [String] = []
    var joined = Date(timeIntervalSinceReferenceDate: 0)
    var note: String? = nil

    static func sample(_ id: Int) -> Contact {
        Contact(id: id, name: "Contact \(id)", email: "c\(id)@example.com", tags: ["t\(id % 3)"],
                joined: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(id)), note: id % 2 == 0 ? "even" : nil)
    }
}

/// A counter the concurrency tests increment.
struct Counter: AutoCodable, Equatable, Sendable {
    var value = 0
    var history: [Int] = []
}

/// A type whose archive does not decode as a ``Contact``.
struct Gadget: AutoCodable, Equatable {
    var name = "widget"
    var id = "not a number"
}

/// A store in a fresh temporary directory, with the directory kept alive alongside.
struct TemporaryStore {
    let directory: TemporaryDirectoryHolder
    let store: ArchiveStore
    let disk: FaultInjectingFileSystem

    init(durability: WriteDurability = .full, concurrency: Int = 2) throws {
        directory = try TemporaryDirectoryHolder()
        disk = FaultInjectingFileSystem()
        store = try ArchiveStore(name: "test", directoryPath: directory.url.appendingPathComponent("store").path,
                                 durability: durability, backgroundConcurrency: concurrency, fileSystem: disk)
    }

    /// Another store instance over the same directory (a fresh process's view).
    func reopened() throws -> ArchiveStore {
        try ArchiveStore(name: "test", directoryPath: store.directoryURL.path, fileSystem: SystemFileSystem())
    }

    /// The names of the files in the store's directory.
    func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: store.directoryURL.path).sorted()
    }
}

/// A temporary directory as a class, so copyable values can share it.
final class TemporaryDirectoryHolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("archivist-persist-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
