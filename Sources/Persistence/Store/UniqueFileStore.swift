import Dispatch
import Foundation
import PropertyList

/// Saves blobs — raw `Data` or property-list dictionaries — each under a fresh unique name, and says
/// where: the job of EDStorage's background writes.
///
/// ```swift
/// let uploads = try UniqueFileStore(name: "uploads", location: .caches, fileExtension: "jpg")
/// uploads.persistInBackground(jpegData) { result in
///     if case .success(let file) = result { print(file.url, file.size) }
/// }
/// ```
///
/// Every file is written atomically (temporary file and rename) and, with ``WriteDurability/full``,
/// durably, so no reader ever sees a partial file under its final name.
public final class UniqueFileStore: Sendable {
    /// The directory the files go to.
    public let directoryURL: URL
    /// The extension every file gets (without the dot; may be empty).
    public let fileExtension: String
    /// How durable writes are.
    public let durability: WriteDurability

    private let directory: String
    private let fileSystem: any FileSystem
    private let background: BackgroundWriter

    /// Opens (creating if needed) a store at a standard location or in a directory.
    ///
    /// Opening removes temporary files that crashed writers left in the directory (files of
    /// processes that still run are kept: they may be writes in progress). The directory is named
    /// after the store (within the application's) as written when the names are portable, and
    /// escaped directories of an earlier version are adopted (see ``StoreLocation``).
    /// - Parameters:
    ///   - name: The store's name (scopes its directory).
    ///   - application: The application's name, for standard locations.
    ///   - location: Where the files go.
    ///   - fileExtension: The extension of every file, e.g. `"jpg"` (escaped like a key).
    ///   - durability: ``WriteDurability/full`` (the default) or ``WriteDurability/atomic``.
    ///   - backgroundConcurrency: The most background writes at once (default 2).
    /// - Throws: ``PersistenceError`` when the directory cannot be determined or created.
    public convenience init(name: String, application: String = ArchiveStore.defaultApplicationName,
                            location: StoreLocation = .applicationSupport, fileExtension: String,
                            durability: WriteDurability = .full, backgroundConcurrency: Int = 2) throws(PersistenceError) {
        let path = try location.resolvedDirectoryPath(application: application, store: name,
                                                      environment: ProcessInfo.processInfo.environment,
                                                      fileSystem: SystemFileSystem())
        try self.init(directoryPath: path, fileExtension: fileExtension, durability: durability,
                      backgroundConcurrency: backgroundConcurrency, fileSystem: SystemFileSystem())
    }

    /// Opens a store in `directoryPath` through a chosen file system.
    ///
    /// - Parameters:
    ///   - directoryPath: The directory.
    ///   - fileExtension: The extension of every file.
    ///   - durability: How durable writes are.
    ///   - backgroundConcurrency: The most background writes at once.
    ///   - fileSystem: The file system.
    /// - Throws: ``PersistenceError`` when the directory cannot be created.
    package init(directoryPath: String, fileExtension: String, durability: WriteDurability = .full,
                 backgroundConcurrency: Int = 2, fileSystem: any FileSystem) throws(PersistenceError) {
        directory = directoryPath
        directoryURL = URL(fileURLWithPath: directoryPath, isDirectory: true)
        self.fileExtension = fileExtension.isEmpty ? "" : KeyFileName.escape(fileExtension)
        self.durability = durability
        self.fileSystem = fileSystem
        let writer = AtomicFileWriter(fileSystem: fileSystem)
        background = BackgroundWriter(writer: writer, maximumConcurrency: backgroundConcurrency,
                                      label: "archivist.unique-files")
        do {
            try fileSystem.createDirectory(directoryPath)
        } catch {
            throw PersistenceError(error, "cannot create the directory of a unique-file store")
        }
        writer.removeLeftoverTemporaryFiles(in: directoryPath)
    }

    /// Writes `data` to a new file.
    ///
    /// - Parameter data: The bytes.
    /// - Returns: The new file and its size.
    /// - Throws: ``PersistenceError`` with the path and `errno`; no file is left behind.
    @discardableResult
    public func persist(_ data: Data) throws(PersistenceError) -> StoredFile {
        try background.performNow(data, to: newPath(), key: nil, durability: durability).get()
    }

    /// Writes a property-list dictionary to a new file.
    ///
    /// - Parameters:
    ///   - dictionary: The dictionary.
    ///   - format: `.binary` (the default) or `.xml`.
    /// - Returns: The new file and its size.
    /// - Throws: ``PersistenceError``: ``PersistenceError/Kind/unsupportedValue`` when the dictionary
    ///   cannot be encoded, otherwise as ``persist(_:)-(Data)``.
    @discardableResult
    public func persist(_ dictionary: PropertyListDictionary,
                        format: PropertyListFormat = .binary) throws(PersistenceError) -> StoredFile {
        try persist(try Self.encode(dictionary, format: format))
    }

    /// Writes `data` to a new file in the background.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - queue: Where `completion` runs.
    ///   - completion: Receives `.success(StoredFile)` or `.failure(PersistenceError)`.
    public func persistInBackground(_ data: Data, queue: DispatchQueue = .global(),
                                    completion: @escaping BackgroundWriteCompletion = { _ in }) {
        background.enqueue(data, to: newPath(), key: nil, durability: durability, queue: queue, completion: completion)
    }

    /// Writes a property-list dictionary to a new file in the background.
    ///
    /// - Parameters:
    ///   - dictionary: The dictionary.
    ///   - format: `.binary` (the default) or `.xml`.
    ///   - queue: Where `completion` runs.
    ///   - completion: Receives `.success(StoredFile)` or `.failure(PersistenceError)`.
    public func persistInBackground(_ dictionary: PropertyListDictionary, format: PropertyListFormat = .binary,
                                    queue: DispatchQueue = .global(),
                                    completion: @escaping BackgroundWriteCompletion = { _ in }) {
        do {
            persistInBackground(try Self.encode(dictionary, format: format), queue: queue, completion: completion)
        } catch {
            queue.async { completion(.failure(error)) }
        }
    }

    /// Writes `data` to a new file in the background and returns when it is written.
    ///
    /// - Parameter data: The bytes.
    /// - Returns: The new file and its size.
    /// - Throws: ``PersistenceError`` as ``persist(_:)-(Data)``.
    @discardableResult
    public func persistInBackground(_ data: Data) async throws(PersistenceError) -> StoredFile {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<BackgroundWriteResult, Never>) in
            background.enqueue(data, to: newPath(), key: nil, durability: durability, queue: nil) {
                continuation.resume(returning: $0)
            }
        }
        return try result.get()
    }

    /// Blocks until every background write issued so far has finished.
    public func flush() {
        background.flush()
    }

    /// Suspends until every background write issued so far has finished.
    public func flush() async {
        await background.flush()
    }

    private func newPath() -> String {
        let name = UUID().uuidString.lowercased()
        return AtomicFileWriter.join(directory, fileExtension.isEmpty ? name : name + "." + fileExtension)
    }

    private static func encode(_ dictionary: PropertyListDictionary,
                               format: PropertyListFormat) throws(PersistenceError) -> Data {
        do {
            return try PropertyListValue.dictionary(dictionary).encoded(as: format)
        } catch {
            throw PersistenceError(.unsupportedValue, "cannot encode the dictionary as a \(format) property list",
                                   underlying: SendableErrorDescription(error))
        }
    }
}
