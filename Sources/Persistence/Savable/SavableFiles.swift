import AutoCoding
import Foundation
import PropertyList

/// The file work shared by ``SavableObject`` and ``SavableValue``: where files go by default,
/// durable writes, reads that see pending background writes, and removal.
///
/// Their files are plain binary property lists (readable with `archivist dump`, Foundation and
/// `plistlib`), replaced atomically and durably like every store's files, and sealed with a CRC-32
/// in the trailer's unused bytes (``BinaryPropertyListSeal``): a sealed file that no longer
/// matches its checksum is ``PersistenceError/Kind/corrupt``, never loaded as another value. Files
/// without a seal (written by earlier versions) load as before. The first save, load or delete
/// touching a directory removes the temporary files dead writers left there (``LeftoverSweeper``).
///
/// Every call goes through one ``FileSystem``, like the stores': ``shared`` uses the system's, and
/// tests run code with another (a fault-injecting one) through ``current``.
package final class SavableFiles: Sendable {
    /// The files of the process: the system's file system, two background writes at a time.
    package static let shared = SavableFiles(fileSystem: SystemFileSystem())

    /// The instance saves and loads use: ``shared`` unless a test binds another for a task.
    @TaskLocal package static var current: SavableFiles = shared

    /// The file system every call goes through.
    package let fileSystem: any FileSystem
    /// The background writer of every saveable file (two files at a time).
    package let background: BackgroundWriter
    /// Sweeps each directory files are saved into of leftover temporary files, once per process.
    package let leftovers: LeftoverSweeper

    /// Creates the saveable files of a file system.
    ///
    /// - Parameter fileSystem: The file system every call goes through.
    package init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
        background = BackgroundWriter(writer: AtomicFileWriter(fileSystem: fileSystem), maximumConcurrency: 2,
                                      label: "archivist.savable")
        leftovers = LeftoverSweeper(fileSystem: fileSystem)
    }

    /// The name of the default directory's store, as it appears on disk.
    package static let defaultDirectoryName = "SavableObjects"

    /// The directory `init(filename:)` places files in: the `SavableObjects` store of the
    /// application at ``StoreLocation/applicationSupport`` (the temporary directory when the
    /// platform has no home directory). Resolved once per process, at first use, adopting the
    /// `^my^tool` and `^savable^objects` directories an earlier version made.
    package static let defaultDirectory: URL = defaultDirectory(application: ArchiveStore.defaultApplicationName,
                                                                environment: ProcessInfo.processInfo.environment,
                                                                fileSystem: SystemFileSystem())

    /// The default directory for an application and environment (tests choose both).
    ///
    /// - Parameters:
    ///   - application: The application's name.
    ///   - environment: The environment variables to consult (`HOME`, `XDG_DATA_HOME`).
    ///   - fileSystem: The file system to adopt an earlier directory through.
    /// - Returns: `<application support>/<application>/SavableObjects`, or under the earlier
    ///   escaped names where those directories exist and cannot be renamed, or `SavableObjects` in
    ///   the temporary directory when there is no application support directory.
    package static func defaultDirectory(application: String, environment: [String: String],
                                         fileSystem: any FileSystem) -> URL {
        if let path = try? StoreLocation.applicationSupport.resolvedDirectoryPath(
            application: application, store: defaultDirectoryName, environment: environment, fileSystem: fileSystem) {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent(defaultDirectoryName, isDirectory: true)
    }

    /// The file of `filename` in ``defaultDirectory``; the name is escaped like a store key.
    ///
    /// - Parameter filename: Any string.
    /// - Returns: The file's URL.
    package static func url(forFilename filename: String) -> URL {
        defaultDirectory.appendingPathComponent(KeyFileName.stem(for: filename).text, isDirectory: false)
    }

    /// The sealed binary archive of `value`.
    package static func archive<Value: AutoCodable>(_ value: Value, url: URL) throws(PersistenceError) -> Data {
        let archive: Data
        do {
            archive = try AutoArchiver.archive(value, format: .binary)
        } catch let error as AutoCodingError {
            throw PersistenceError(.unsupportedValue, "cannot archive \(Value.self) for \(url.lastPathComponent)",
                                   key: url.lastPathComponent, path: url.path, underlying: error)
        } catch {
            throw PersistenceError(.unsupportedValue, "cannot archive \(Value.self): \(error)", path: url.path)
        }
        do {
            return try BinaryPropertyListSeal.seal(archive)
        } catch {
            throw PersistenceError(.unsupportedValue, "cannot seal the archive of \(Value.self) for \(url.lastPathComponent)",
                                   key: url.lastPathComponent, path: url.path, underlying: error)
        }
    }

    /// Writes `data` to `url` durably, creating its directory, after earlier background writes of it.
    package func write(_ data: Data, to url: URL) throws(PersistenceError) -> StoredFile {
        try createDirectory(of: url)
        sweepDirectory(of: url)
        return try background.performNow(data, to: url.path, key: url.lastPathComponent, durability: .full).get()
    }

    /// Writes `data` to `url` in the background.
    package func writeInBackground(_ data: Data, to url: URL, queue: DispatchQueue,
                                          completion: @escaping BackgroundWriteCompletion) {
        do {
            try createDirectory(of: url)
        } catch {
            queue.async { completion(.failure(error)) }
            return
        }
        sweepDirectory(of: url)
        background.enqueue(data, to: url.path, key: url.lastPathComponent, durability: .full, queue: queue,
                           completion: completion)
    }

    /// Archives with `archive` now and writes the result in the background; an archiving failure
    /// goes to `completion` on `queue` like a write failure.
    package func writeInBackground(archiving archive: () throws(PersistenceError) -> Data, to url: URL,
                                          queue: DispatchQueue, completion: @escaping BackgroundWriteCompletion) {
        let data: Data
        do {
            data = try archive()
        } catch {
            queue.async { completion(.failure(error)) }
            return
        }
        writeInBackground(data, to: url, queue: queue, completion: completion)
    }

    /// Runs a save or load hook, reporting what it throws as ``PersistenceError/Kind/hookFailed``
    /// for the file.
    ///
    /// - Parameters:
    ///   - name: The hook's name, e.g. `willSave`.
    ///   - typeName: The type whose hook runs.
    ///   - url: The file being saved or loaded.
    ///   - hook: Calls the hook.
    package static func runHook(_ name: String, of typeName: String, url: URL,
                                _ hook: () throws -> Void) throws(PersistenceError) {
        do {
            try hook()
        } catch {
            throw PersistenceError(.hookFailed, "\(name)() of \(typeName) threw", key: url.lastPathComponent,
                                   path: url.path, underlying: SendableErrorDescription(error))
        }
    }

    /// Reads and unarchives the file at `url` (or its pending background write).
    package func load<Value: AutoCodable>(_ type: Value.Type, from url: URL) throws(PersistenceError) -> Value {
        sweepDirectory(of: url)
        let data: Data
        if let pending = background.pendingContents(of: url.path) {
            guard let pending else {
                throw PersistenceError(.notFound, "\(url.lastPathComponent) was deleted", key: url.lastPathComponent,
                                       path: url.path)
            }
            data = pending
        } else {
            do {
                data = try fileSystem.readFile(url.path)
            } catch {
                throw PersistenceError(error, "cannot load \(Value.self) from \(url.lastPathComponent)",
                                       key: url.lastPathComponent)
            }
        }
        if case .damaged(let stored, let computed) = BinaryPropertyListSeal.verify(data) {
            throw PersistenceError(.corrupt, "\(url.lastPathComponent) is damaged: its checksum is "
                                   + "\(Self.hex(computed)) but the file was sealed with \(Self.hex(stored))",
                                   key: url.lastPathComponent, path: url.path)
        }
        do {
            return try AutoArchiver.unarchive(type, from: data)
        } catch let error as AutoCodingError {
            let kind: PersistenceError.Kind = error.kind == .corruptArchive ? .corrupt : .typeMismatch
            throw PersistenceError(kind, "cannot restore \(Value.self) from \(url.lastPathComponent)",
                                   key: url.lastPathComponent, path: url.path, underlying: error)
        } catch {
            throw PersistenceError(.corrupt, "cannot restore \(Value.self): \(error)", path: url.path)
        }
    }

    /// Removes the file at `url`, after earlier background writes of it.
    package func remove(_ url: URL) throws(PersistenceError) -> Bool {
        sweepDirectory(of: url)
        let existed: Bool
        if let pending = background.pendingContents(of: url.path) {
            existed = pending != nil
        } else {
            existed = (try? fileSystem.status(url.path)) != nil
        }
        _ = try background.performNow(nil, to: url.path, key: url.lastPathComponent, durability: .full).get()
        return existed
    }

    /// Removes what dead writers left in the file's directory, the first time this process
    /// touches it (its own writes in progress, and other live processes', are kept).
    private func sweepDirectory(of url: URL) {
        leftovers.sweepOnce(url.deletingLastPathComponent().path)
    }

    private static func hex(_ checksum: UInt32) -> String {
        let digits = String(checksum, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }

    private func createDirectory(of url: URL) throws(PersistenceError) {
        do {
            try fileSystem.createDirectory(url.deletingLastPathComponent().path)
        } catch {
            throw PersistenceError(error, "cannot create the directory of \(url.lastPathComponent)",
                                   key: url.lastPathComponent)
        }
    }
}
