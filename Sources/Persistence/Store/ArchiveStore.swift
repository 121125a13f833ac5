import Dispatch
import Foundation

/// A directory of archived values, one file per key: persist, retrieve, delete — durable by default.
///
/// ```swift
/// let store = try ArchiveStore(name: "people", location: .applicationSupport)
/// try store.persist(person, forKey: "me")
/// let me = try store.retrieve(Person.self, forKey: "me")
/// ```
///
/// Values are any `AutoCodable` type, archived as binary property lists. Each key's file holds a
/// small header (the key, lengths and a CRC-32, see `StoreFileEnvelope`) and the archive, and is
/// replaced atomically and durably (temporary file, `fsync`, `rename`, `fsync` of the directory),
/// so a crash leaves each key's old or new value, never a torn one.
///
/// **Keys.** Any string is a valid key. Keys are compared in Unicode normalization form C (as Swift
/// compares strings), and file names are an escaped form that cannot name anything outside the
/// store's directory: `"../x"`, `"/etc/passwd"`, `"a/b"`, `".."`, NUL and 10,000-character keys are
/// all ordinary keys. Long keys are hashed, with the key kept in the file.
///
/// **Threads and processes.** A store is `Sendable`. Writes of one key land in the order they were
/// issued, whether synchronous or in the background; ``update(_:forKey:default:_:)`` is an atomic
/// read-modify-write across threads and processes (through an `flock` on the directory's
/// `.archivist-update.lock`).
/// Background writes run on at most ``backgroundConcurrency`` workers and coalesce bursts; every read
/// sees the newest accepted write (read-your-writes).
public final class ArchiveStore: Sendable {
    /// The store's name (scopes its directory).
    public let name: String
    /// The directory holding the store's files.
    public let directoryURL: URL
    /// How durable writes are (``WriteDurability/full`` unless chosen otherwise).
    public let durability: WriteDurability
    /// The most background writes performed at the same time.
    public var backgroundConcurrency: Int { background.maximumConcurrency }

    /// The extension of every entry file.
    package static let fileExtension = "arv"

    let directory: String
    let fileSystem: any FileSystem
    let background: BackgroundWriter
    let paths: EntryPathResolver
    let updateLock: StoreUpdateLock

    /// Opens (creating if needed) a store at a standard location or in a directory.
    ///
    /// Opening removes temporary files that crashed writers left in the directory. The directory
    /// is named after the store, within one named after the application, each as written when the
    /// name is portable (`A–Z a–z 0–9 . _ -`) and escaped like a key otherwise; directories an
    /// earlier version named by escaping (`^my^tool`, `^archiver`) are adopted (see ``StoreLocation``).
    /// - Parameters:
    ///   - name: The store's name; any string.
    ///   - application: The application's name, scoping standard locations (by default the bundle
    ///     identifier on Apple platforms, the process name elsewhere).
    ///   - location: Where the store lives.
    ///   - durability: ``WriteDurability/full`` (the default) or ``WriteDurability/atomic``.
    ///   - backgroundConcurrency: The most background writes at once (default 2).
    /// - Throws: ``PersistenceError`` when the directory cannot be determined or created.
    public convenience init(name: String, application: String = ArchiveStore.defaultApplicationName,
                            location: StoreLocation = .applicationSupport, durability: WriteDurability = .full,
                            backgroundConcurrency: Int = 2) throws(PersistenceError) {
        let path = try location.resolvedDirectoryPath(application: application, store: name,
                                                      environment: ProcessInfo.processInfo.environment,
                                                      fileSystem: SystemFileSystem())
        try self.init(name: name, directoryPath: path, durability: durability,
                      backgroundConcurrency: backgroundConcurrency, fileSystem: SystemFileSystem())
    }

    /// Opens a store in `directoryPath` through a chosen file system (tests inject faults with it).
    ///
    /// - Parameters:
    ///   - name: The store's name.
    ///   - directoryPath: The store's own directory.
    ///   - durability: How durable writes are.
    ///   - backgroundConcurrency: The most background writes at once.
    ///   - fileSystem: The file system.
    /// - Throws: ``PersistenceError`` when the directory cannot be created.
    package init(name: String, directoryPath: String, durability: WriteDurability = .full,
                 backgroundConcurrency: Int = 2, fileSystem: any FileSystem) throws(PersistenceError) {
        self.name = name
        directory = directoryPath
        directoryURL = URL(fileURLWithPath: directoryPath, isDirectory: true)
        self.durability = durability
        self.fileSystem = fileSystem
        let writer = AtomicFileWriter(fileSystem: fileSystem)
        background = BackgroundWriter(writer: writer, maximumConcurrency: backgroundConcurrency,
                                      label: "archivist.store.\(name)")
        paths = EntryPathResolver(directory: directoryPath, fileSystem: fileSystem)
        updateLock = StoreUpdateLock(directory: directoryPath, storeName: name, fileSystem: fileSystem)
        do {
            try fileSystem.createDirectory(directoryPath)
        } catch {
            throw PersistenceError(error, "cannot create the directory of store \"\(name)\"")
        }
        writer.removeLeftoverTemporaryFiles(in: directoryPath)
    }

    /// The application name standard locations use when none is given: the bundle identifier on
    /// Apple platforms when there is one, otherwise the process name.
    public static var defaultApplicationName: String {
        #if canImport(Darwin)
        if let identifier = Bundle.main.bundleIdentifier { return identifier }
        #endif
        return ProcessInfo.processInfo.processName
    }

    /// The file that holds (or would hold) `key`'s value.
    ///
    /// - Parameter key: Any string.
    /// - Returns: The file's URL; for long (hashed) keys, the file the next write would use.
    /// - Throws: ``PersistenceError`` when the directory cannot be read to place a hashed key.
    public func fileURL(forKey key: String) throws(PersistenceError) -> URL {
        URL(fileURLWithPath: try paths.pathForWriting(KeyFileName.normalized(key)))
    }
}
