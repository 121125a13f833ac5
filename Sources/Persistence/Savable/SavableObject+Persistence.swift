import AutoCoding
import Foundation

extension SavableObject {
    /// Archives the object and writes it to ``archiveURL`` durably.
    ///
    /// - Returns: The file and its size.
    /// - Throws: ``PersistenceError`` (the file's previous contents are intact after any failure).
    @discardableResult
    public func save() throws(PersistenceError) -> StoredFile {
        try SavableFiles.current.write(try archivedData(), to: archiveURL)
    }

    /// Archives the object now and writes it in the background.
    ///
    /// - Parameters:
    ///   - queue: Where `completion` runs.
    ///   - completion: Receives `.success(StoredFile)` or `.failure(PersistenceError)`.
    public func saveInBackground(queue: DispatchQueue = .global(),
                                 completion: @escaping BackgroundWriteCompletion = { _ in }) {
        SavableFiles.current.writeInBackground(archiving: archivedData, to: archiveURL, queue: queue, completion: completion)
    }

    /// Loads an object saved at `url`, as this class.
    ///
    /// - Parameter url: The file.
    /// - Returns: The object, with ``archiveURL`` set to `url`.
    /// - Throws: ``PersistenceError``: ``PersistenceError/Kind/notFound``, ``PersistenceError/Kind/corrupt``
    ///   (the file is not an archive, or fails its seal's checksum), ``PersistenceError/Kind/typeMismatch``
    ///   or ``PersistenceError/Kind/hookFailed``.
    public class func load(from url: URL) throws(PersistenceError) -> Self {
        let object = try SavableFiles.current.load(Self.self, from: url)
        object.archiveURL = url
        try SavableFiles.runHook("didLoad", of: "\(Self.self)", url: url) { try object.didLoad() }
        return object
    }

    /// Loads an object saved as `filename` in the default directory.
    ///
    /// - Parameter filename: The name given to ``init(filename:)``.
    /// - Returns: The object.
    /// - Throws: ``PersistenceError`` as ``load(from:)``.
    public class func load(filename: String) throws(PersistenceError) -> Self {
        try load(from: SavableFiles.url(forFilename: filename))
    }

    /// Removes ``archiveURL`` durably (after earlier background saves of it).
    ///
    /// - Returns: `false` when there was no file.
    /// - Throws: ``PersistenceError`` when the file cannot be removed.
    @discardableResult
    public func delete() throws(PersistenceError) -> Bool {
        try SavableFiles.current.remove(archiveURL)
    }

    /// Blocks until every background save of every saveable object and value has finished.
    public static func flushBackgroundSaves() {
        SavableFiles.current.background.flush()
    }
}
